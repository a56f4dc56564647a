"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG403 21:13 (on main); passes on: precision-roles f58db55.

One unscale_ per optimizer in a loop over a list of optimizers.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(models, loader):
    optimizers = [torch.optim.Adam(m.parameters()) for m in models]
    scaler = torch.amp.GradScaler("cuda")
    for x in loader:
        for opt in optimizers:
            opt.zero_grad()
        with torch.autocast("cuda"):
            loss = sum(m(x).mean() for m in models)
        scaler.scale(loss).backward()
        for opt, m in zip(optimizers, models):
            scaler.unscale_(opt)
            torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)
        for opt in optimizers:
            scaler.step(opt)
        scaler.update()
