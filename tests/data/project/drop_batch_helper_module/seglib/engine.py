# expect: clean
"""The segmentation engine: forward, backward, clip, the guard of seglib/guards.py (a batch whose norm is not finite
has its gradients dropped: the step that follows skips them), then the step and the clear."""

import torch

from .guards import drop_if_nonfinite


def train_one_epoch(model, loader, optimizer, criterion, max_norm, counter):
    model.train()
    for images, masks in loader:
        loss = criterion(model(images), masks)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        drop_if_nonfinite(norm.item(), optimizer, counter)
        optimizer.step()
        optimizer.zero_grad()
