# expect: ZG104 17:9
"""The twin of train_and_test.py whose forward pass runs through `run_forward`, a function of frames/masks.py that a
star import binds here: handed the model, its body runs it, so the clear after it is placed after the forward pass
(RULES.md ZG104)."""

import numpy as np
import torch

from frames.masks import *


def train_and_test(model, optimizer, criterion, loader):
    for batch, mask in loader:
        batch = torch.from_numpy(batch.astype(np.float32)) / 255.0
        output = run_forward(model, batch[:5])
        loss = criterion(output, batch[5:], mask)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
