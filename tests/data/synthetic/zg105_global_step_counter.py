"""A `global_step` counter guards the step; a model clear runs every iteration before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 13:9
import torch


def train(model, loader, gradient_accumulation_steps):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    global_step = 0
    for batch in loader:
        model.zero_grad()
        loss = model(batch).mean() / gradient_accumulation_steps
        loss.backward()
        global_step += 1
        if global_step % gradient_accumulation_steps == 0:
            optimizer.step()
