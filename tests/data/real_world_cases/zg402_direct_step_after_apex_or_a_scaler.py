# expect: ZG402 17:9
"""apex or a GradScaler chosen by a setting; the direct step after them is amp's on one path and wrong on the other."""
from apex import amp
import torch


def train(model, loader, optimizer, use_apex):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        if use_apex:
            with amp.scale_loss(loss, optimizer) as scaled:
                scaled.backward()
        else:
            scaler.scale(loss).backward()
        optimizer.step()
