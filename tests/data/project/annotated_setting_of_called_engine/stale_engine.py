# expect: ZG101 23:13
"""engine.py's buggy twin: the scaler's branch never clears, so each of its steps applies every earlier batch's
gradients beside its own (ZG101 at the scaler's step)."""

import torch
from torch.cuda.amp.grad_scaler import GradScaler


def train_one_epoch(model, criterion, data_loader, optimizer, epoch: int, **kwargs):
    scaler: GradScaler = kwargs.get("scaler", None)
    for samples, targets in data_loader:
        if scaler is None:
            optimizer.zero_grad()
            outputs = model(samples)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()
        else:
            with torch.autocast(device_type="cuda"):
                outputs = model(samples)
            loss = criterion(outputs, targets)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
