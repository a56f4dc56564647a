"""A warmup scheduler named `sched` stepped every iteration after the optimizer; it is not an optimizer.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def make(model, warmup):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=warmup)
    return opt, sched


def train(model, loader, warmup=10):
    opt, sched = make(model, warmup)
    for x, y in loader:
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        sched.step()
