# expect: clean
"""The twin epoch: cleared once before the batches and after each update, as timm does."""

import torch


def train_one_epoch(epoch, model, loader, optimizer, loss_fn, args, lr_scheduler=None, loss_scaler=None):
    accum_steps = args.grad_accum_steps
    last_idx = len(loader) - 1
    num_updates = epoch * ((len(loader) + accum_steps - 1) // accum_steps)
    model.train()
    optimizer.zero_grad()
    for batch_idx, (inputs, targets) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        with torch.autocast(device_type="cuda"):
            loss = loss_fn(model(inputs), targets) / accum_steps
        loss_scaler(loss, optimizer, clip_grad=args.clip_grad, parameters=model.parameters(), need_update=need_update)
        if not need_update:
            continue
        num_updates += 1
        optimizer.zero_grad()
        if lr_scheduler is not None:
            lr_scheduler.step_update(num_updates=num_updates)
    return num_updates
