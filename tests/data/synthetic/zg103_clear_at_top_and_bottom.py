"""The same optimizer cleared at the top and at the bottom of the iteration: the top one is reported.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 13:13
import torch


def train(model, loader, epochs):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            opt.zero_grad()
