"""An engine-style epoch function handed timm's loss scaler, clearing before each forward."""
# expect: clean
import torch


def train_one_epoch(model, criterion, data_loader, optimizer, loss_scaler, device, max_norm=0.0):
    model.train()
    for samples, targets in data_loader:
        samples = samples.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            outputs = model(samples)
            loss = criterion(outputs, targets)
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters())
        torch.cuda.synchronize()
