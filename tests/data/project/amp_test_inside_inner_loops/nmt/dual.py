# expect: clean
"""Two translation models trained together, one GradScaler each. The update function tests
`config.gpu_id >= 0 and not config.no_amp` in the loop over the backward targets and again
in the loop over the optimizers: nothing assigns those names, so a scaled backward is
stepped through its scaler and a plain one directly."""

import torch


def dual_update(models, optimizers, scalers, config, batch):
    for optimizer in optimizers:
        optimizer.zero_grad()
    inputs, targets = batch
    losses = [torch.nn.functional.mse_loss(model(inputs), targets) for model in models]

    for scaler, loss in zip(scalers, losses):
        if config.gpu_id >= 0 and not config.no_amp:
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
