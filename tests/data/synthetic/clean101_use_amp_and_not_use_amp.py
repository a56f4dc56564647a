"""`if use_amp:` for the scaled backward and step, `if not use_amp:` for the plain ones.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer, use_amp):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        if not use_amp:
            loss.backward()
            optimizer.step()
