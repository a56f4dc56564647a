# expect: clean
"""The twin: the same accumulation with the loss divided by `accum_iter` first."""

import torch


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, loss_scaler, max_norm, args):
    model.train(True)
    accum_iter = args.accum_iter
    optimizer.zero_grad()
    for data_iter_step, (samples, targets) in enumerate(data_loader):
        samples, targets = samples.to(device), targets.to(device)
        with torch.cuda.amp.autocast():
            loss = criterion(model(samples), targets)
        loss /= accum_iter
        loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters(),
                    update_grad=(data_iter_step + 1) % accum_iter == 0)
        if (data_iter_step + 1) % accum_iter == 0:
            optimizer.zero_grad()
