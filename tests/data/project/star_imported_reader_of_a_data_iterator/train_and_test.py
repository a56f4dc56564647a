# expect: clean
"""Modelled on Precipitation-Nowcasting's nowcasting/train_and_test.py: each iteration samples a batch from a project
iterator whose `sample` reads files through a star-imported reader, then clears, runs the model and steps. Sampling
data runs no forward: the clear comes before the forward pass (RULES.md ZG104)."""

import numpy as np
import torch

from frames.iterator import FrameIterator


def train_and_test(model, optimizer, criterion, paths, iterations, batch_size):
    frames = FrameIterator(paths)
    for itera in range(iterations):
        batch, mask = frames.sample(batch_size=batch_size)
        batch = torch.from_numpy(batch.astype(np.float32)) / 255.0
        optimizer.zero_grad()
        output = model(batch[:5])
        loss = criterion(output, batch[5:], torch.from_numpy(mask))
        loss.backward()
        optimizer.step()
