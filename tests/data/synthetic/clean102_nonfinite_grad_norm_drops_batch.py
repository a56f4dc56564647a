"""A non-finite gradient norm drops the batch: the clear sets `.grad` to None, so the step skips every parameter."""
# expect: clean
import math

import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)


def train(batches, max_norm=1.0):
    for x, y in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if not math.isfinite(total_norm):
            optimizer.zero_grad()
        optimizer.step()


train([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
