"""Predictions appended as argmax indices (no grad) during training.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt):
    preds, losses = [], []
    for x, y in loader:
        opt.zero_grad()
        logits = model(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        loss.backward()
        opt.step()
        preds.append(logits.argmax(dim=1))
        losses.append(loss.item())
    return torch.cat(preds), losses
