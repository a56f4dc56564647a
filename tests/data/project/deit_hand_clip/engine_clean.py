# expect: clean
"""The twin: the clip is handed to the scaler, which unscales, clips and steps in that order."""

import torch


def train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, loss_scaler, max_norm=0):
    model.train()
    for samples, targets in data_loader:
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            loss = criterion(model(samples.to(device)), targets.to(device))
        loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters())
