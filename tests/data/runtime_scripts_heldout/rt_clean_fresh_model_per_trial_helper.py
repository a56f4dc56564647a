"""Runnable, correct: each trial builds a fresh model and its optimizer through a helper.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn


def make(lr):
    model = nn.Linear(4, 1)
    return model, torch.optim.Adam(model.parameters(), lr=lr)


torch.manual_seed(0)
for lr in (1e-3, 1e-2, 1e-1):
    model, optimizer = make(lr)
    for _ in range(3):
        optimizer.zero_grad()
        nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1)).backward()
        optimizer.step()
