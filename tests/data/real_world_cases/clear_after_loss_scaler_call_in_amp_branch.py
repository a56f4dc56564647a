"""`if use_amp:` hands the loss to a loss scaler (backward and step inside), then clears; else a plain path.

Seen in facebookresearch/ConvNeXt engine.py (train_one_epoch): the forward,
then `if use_amp: loss /= update_freq; grad_norm = loss_scaler(loss,
optimizer, clip_grad=max_norm, parameters=model.parameters(),
update_grad=...)` (timm's NativeScaler, imported: it does the scaled
backward and the step) and, every `update_freq` iterations,
`optimizer.zero_grad()`; `else:` `loss /= update_freq; loss.backward()` and
the guarded step and clear. The AMP branch's clear follows the loss
scaler's backward and step; the plain branch's backward is never in the same
iteration (`use_amp` is loop invariant, RULES.md "Correlated conditions"),
so no clear sits between a forward and its backward (ZG104).
"""
# expect: clean
import torch
from timm.utils import NativeScaler


def train_one_epoch(model, criterion, data_loader, optimizer, use_amp=False, update_freq=1, max_norm=None):
    loss_scaler = NativeScaler()
    optimizer.zero_grad()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        if use_amp:
            with torch.autocast("cpu"):
                output = model(samples)
                loss = criterion(output, targets)
        else:
            output = model(samples)
            loss = criterion(output, targets)

        if use_amp:
            loss /= update_freq
            loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters(),
                        update_grad=(data_iter_step + 1) % update_freq == 0)
            if (data_iter_step + 1) % update_freq == 0:
                optimizer.zero_grad()
        else:
            loss /= update_freq
            loss.backward()
            if (data_iter_step + 1) % update_freq == 0:
                optimizer.step()
                optimizer.zero_grad()
