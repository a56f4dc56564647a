"""AMP accumulation defeated: a clear every iteration, the scaler steps every accum_iter.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 12:9
import torch


def train_one_epoch(model, loader, optimizer, accum_iter):
    scaler = torch.cuda.amp.GradScaler()
    for data_iter_step, (samples, targets) in enumerate(loader):
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            loss = torch.nn.functional.mse_loss(model(samples), targets)
        loss = loss / accum_iter
        scaler.scale(loss).backward()
        if (data_iter_step + 1) % accum_iter == 0:
            scaler.step(optimizer)
            scaler.update()
