"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 19:17, got ZG301 19:17 (on main); passes on: precision-roles f58db55.

A hand-scaled loss unscaled through param_groups after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: ZG302 19:17
import torch


def train(model, loader, optimizer, loss_scale=1024.0):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss * loss_scale).backward()
        for group in optimizer.param_groups:
            for p in group["params"]:
                p.grad.div_(loss_scale)
        optimizer.step()
