"""scaler.update() once after the loop, never inside it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 17:13
import torch


def train(model, loader, optimizer, epochs):
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.cuda.amp.autocast():
                loss = torch.nn.functional.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
    scaler.update()
