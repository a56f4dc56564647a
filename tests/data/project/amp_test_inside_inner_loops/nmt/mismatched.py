# expect: ZG401 25:9
# expect: ZG402 30:13
"""The twin of dual.py whose backward loop tests `config.gpu_id >= 0` alone: on a GPU with `no_amp` the
backward is scaled while the step loop takes the plain arm, which clips unscaled (ZG401) and steps the scaled
gradients directly (ZG402)."""

import torch


def mismatched_update(models, optimizers, scalers, config, batch):
    for optimizer in optimizers:
        optimizer.zero_grad()
    inputs, targets = batch
    losses = [torch.nn.functional.mse_loss(model(inputs), targets) for model in models]

    for scaler, loss in zip(scalers, losses):
        if config.gpu_id >= 0:
            scaler.scale(loss).backward()
        else:
            loss.backward()

    for model, optimizer, scaler in zip(models, optimizers, scalers):
        if config.gpu_id >= 0 and not config.no_amp:
            scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_norm)
        if config.gpu_id >= 0 and not config.no_amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
    return [loss.item() for loss in losses]
