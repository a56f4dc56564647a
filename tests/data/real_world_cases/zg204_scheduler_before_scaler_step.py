"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 21:13, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

AMP: the per-batch scheduler is stepped before scaler.step(optimizer).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 21:13
import torch


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=100)
    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(x), y)
            scaler.scale(loss).backward()
            scheduler.step()
            scaler.step(optimizer)
            scaler.update()
