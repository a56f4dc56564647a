"""Runnable, correct: interleaved train/val batches, `if split == "train":` tested twice.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for split in ["train", "val", "train", "train", "val"]:
    if split == "train":
        optimizer.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    with torch.set_grad_enabled(split == "train"):
        loss = nn.functional.mse_loss(model(x), y)
    if split == "train":
        loss.backward()
        optimizer.step()
