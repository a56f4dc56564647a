"""A counter named `micro` guards the step; the clear is only before the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:13
import torch


def train(model, loader, grad_accum):
    optimizer = torch.optim.Adam(model.parameters())
    optimizer.zero_grad()
    micro = 0
    for batch in loader:
        loss = model(batch).mean() / grad_accum
        loss.backward()
        micro += 1
        if micro == grad_accum:
            optimizer.step()
            micro = 0
