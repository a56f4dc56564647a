"""redteam: FAILS on main 61a4738, precision-roles f58db55: expected clean, got ZG101 25:9 (on main); passes on: precision-flow 1550d83, new-rules e056009, runtime 763d6f4.

`opt, sched = configure_optimizers(model)`; sched.step() once per epoch after the batch loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def configure_optimizers(model):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=100)
    return opt, sched


def fit(model, loader, epochs):
    opt, sched = configure_optimizers(model)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        sched.step()
