# expect: ZG402 23:9
"""Update functions for an ignite `Engine`, made by factories that close over the model, the optimizer and the
scaler: the engine's own loop calls `update(engine, batch)` once per batch. The mixed-precision one backpropagates
through the GradScaler and then steps the optimizer itself, so scaled gradients are applied and inf/NaN steps are
not skipped; `create_scaled_update` steps through the scaler."""

import torch


def prepare_batch(batch, device):
    inputs, targets = batch
    return inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)


def create_amp_update(model, optimizer, loss_fn, scaler, device):
    def update(engine, batch):
        model.train()
        optimizer.zero_grad()
        inputs, targets = prepare_batch(batch, device)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = loss_fn(model(inputs), targets)
        scaler.scale(loss).backward()
        optimizer.step()
        scaler.update()
        return loss.item()

    return update


def create_scaled_update(model, optimizer, loss_fn, scaler, device):
    def update(engine, batch):
        model.train()
        optimizer.zero_grad()
        inputs, targets = prepare_batch(batch, device)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = loss_fn(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        return loss.item()

    return update
