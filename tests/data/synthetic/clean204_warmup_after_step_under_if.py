"""A warmup scheduler stepped after the optimizer step, only during warmup.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, warmup=50):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    warmup_sched = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.01, total_iters=warmup)
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        if step < warmup:
            warmup_sched.step()
