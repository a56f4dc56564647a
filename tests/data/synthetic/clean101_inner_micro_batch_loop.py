"""An inner loop over micro-batches does the backwards, then one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, batches, steps, n_micro):
    optimizer = torch.optim.Adam(model.parameters())
    it = iter(batches)
    for step in range(steps):
        optimizer.zero_grad()
        for micro in range(n_micro):
            x, y = next(it)
            loss = torch.nn.functional.mse_loss(model(x), y) / n_micro
            loss.backward()
        optimizer.step()
