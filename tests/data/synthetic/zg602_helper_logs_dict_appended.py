"""A training-step helper returns the loss and a dict of logs holding the loss tensor; the loop keeps every dict.

`history.append(logs)` keeps the graph of each batch through the `"loss"` entry (RULES.md ZG602, at the
accumulating statement; the advice is to detach the entry, not `.item()` on the dict).
"""
# expect: ZG602 24:9
import torch


def training_step(model, batch, criterion):
    logits = model(batch["pixels"])
    loss = criterion(logits, batch["target"])
    logs = {"loss": loss, "accuracy": (logits.argmax(1) == batch["target"]).float().mean().item()}
    return loss, logs


def fit(model, loader, optimizer, criterion=torch.nn.CrossEntropyLoss()):
    history = []
    for batch in loader:
        optimizer.zero_grad()
        loss, logs = training_step(model, batch, criterion)
        loss.backward()
        optimizer.step()
        history.append(logs)
    return history
