"""`total_loss += loss.detach()` and `metrics["loss"] += loss.item()`.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer):
    total_loss = torch.zeros(())
    metrics = {"loss": 0.0}
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        total_loss += loss.detach()
        metrics["loss"] += loss.item()
    return total_loss, metrics
