"""A while loop steps through the scaler and never updates it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG404 18:9
import torch


def train(model, data_iter, optimizer, max_steps):
    scaler = torch.cuda.amp.GradScaler()
    step = 0
    while step < max_steps:
        x, y = next(data_iter)
        optimizer.zero_grad(set_to_none=True)
        with torch.cuda.amp.autocast():
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        step += 1
