# expect: ZG501 27:9
"""Pre-training for one epoch with gradient accumulation through the loss scaler's `update_grad`: the step runs every
`accum_iter` iterations, but the loss is not divided by `accum_iter`, so each step applies `accum_iter` times the
mean gradient."""

import math
import sys

import torch

from util import lr_sched


def train_one_epoch(model, data_loader, optimizer, device, epoch, loss_scaler, args):
    model.train(True)
    accum_iter = args.accum_iter
    optimizer.zero_grad()
    for data_iter_step, (samples, _) in enumerate(data_loader):
        if data_iter_step % accum_iter == 0:
            lr_sched.adjust_learning_rate(optimizer, data_iter_step / len(data_loader) + epoch, args)
        samples = samples.to(device, non_blocking=True)
        with torch.cuda.amp.autocast():
            loss, _, _ = model(samples, mask_ratio=args.mask_ratio)
        loss_value = loss.item()
        if not math.isfinite(loss_value):
            sys.exit(1)
        loss_scaler(loss, optimizer, parameters=model.parameters(), update_grad=(data_iter_step + 1) % accum_iter == 0)
        if (data_iter_step + 1) % accum_iter == 0:
            optimizer.zero_grad()
    return loss_value
