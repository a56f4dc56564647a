"""An engine-style epoch function handed timm's loss scaler: it backwards and steps, and nothing clears."""
# expect: ZG101 17:9
import torch


def train_one_epoch(model, criterion, data_loader, optimizer, loss_scaler, device, max_norm=0.0):
    model.train()
    for samples, targets in data_loader:
        samples = samples.to(device, non_blocking=True)
        targets = targets.to(device, non_blocking=True)
        with torch.autocast("cuda"):
            outputs = model(samples)
            loss = criterion(outputs, targets)
        loss_value = loss.item()
        if loss_value != loss_value:
            raise RuntimeError("loss is nan")
        loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters())
        torch.cuda.synchronize()
