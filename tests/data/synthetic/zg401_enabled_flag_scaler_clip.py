"""GradScaler(enabled=args.fp16) with clipping and no unscale_.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 16:9
import torch


def train(args, model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda", enabled=args.fp16)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", enabled=args.fp16):
            loss = torch.nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_value_(model.parameters(), args.clip_value)
        scaler.step(optimizer)
        scaler.update()
