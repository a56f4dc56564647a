"""An `elif` chain picks the loss per task; one clear, one backward, one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    for task, x, y in loader:
        optimizer.zero_grad()
        out = model(x, task)
        if task == "cls":
            loss = torch.nn.functional.cross_entropy(out, y)
        elif task == "reg":
            loss = torch.nn.functional.mse_loss(out, y)
        else:
            loss = out.abs().mean()
        loss.backward()
        optimizer.step()
