"""redteam: FAILS on main 61a4738, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG401 22:13 (on main); passes on: precision-flow 17f1a91.

`if args.clip > 0:` around the unscale_ and, later, the same test around the clip.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(args, model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        if args.clip > 0:
            scaler.unscale_(optimizer)
        print(loss.item())
        if args.clip > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
        scaler.step(optimizer)
        scaler.update()
