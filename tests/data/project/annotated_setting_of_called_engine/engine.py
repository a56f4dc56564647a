# expect: clean
"""The engine: the scaler comes out of `kwargs` into an annotated local, and each batch takes the scaler's branch
(clear after the step) or the plain one (clear before the forward). The test reads a local bound once to a read of
the caller's `self.scaler`, which nothing changes: the same branch in every iteration of every epoch, so no path
steps the plain branch's gradients into the scaler's backward (RULES.md, "Correlated conditions"; no ZG101)."""

import torch
from torch.cuda.amp.grad_scaler import GradScaler


def train_one_epoch(model, criterion, data_loader, optimizer, epoch: int, **kwargs):
    scaler: GradScaler = kwargs.get("scaler", None)
    for samples, targets in data_loader:
        if scaler is not None:
            with torch.autocast(device_type="cuda"):
                outputs = model(samples)
            loss = criterion(outputs, targets)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
        else:
            optimizer.zero_grad()
            outputs = model(samples)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()
