# expect: ZG203 29:13
"""One epoch of the DeiT shape: the loss scaler (timm's, built in main.py) runs the scaled backward, the unscale, the
clip it is given and the step; this engine clips again by hand after that call, when the step has already been
taken, so the hand clip changes nothing the step used."""

import math
import sys

import torch


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, loss_scaler, max_norm=0, mixup_fn=None):
    model.train()
    for samples, targets in data_loader:
        optimizer.zero_grad()
        samples = samples.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        if mixup_fn is not None:
            samples, targets = mixup_fn(samples, targets)
        with torch.cuda.amp.autocast():
            outputs = model(samples)
            loss = criterion(samples, outputs, targets)
        loss_value = loss.item()
        if not math.isfinite(loss_value):
            sys.exit(1)
        is_second_order = hasattr(optimizer, "is_second_order") and optimizer.is_second_order
        loss_scaler(loss, optimizer, clip_grad=None, parameters=model.parameters(), create_graph=is_second_order)
        if max_norm:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        torch.cuda.synchronize()
