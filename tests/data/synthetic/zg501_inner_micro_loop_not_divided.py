"""An inner micro-batch loop backpropagates undivided losses, then one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG501 15:13
import torch


def train(model, batches, optimizer, n_micro):
    for step in range(100):
        optimizer.zero_grad()
        for micro in range(n_micro):
            x, y = batches[step * n_micro + micro]
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
        optimizer.step()
