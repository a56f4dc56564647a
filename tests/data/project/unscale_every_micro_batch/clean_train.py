# expect: clean
"""The twin: unscaled and clipped once per step, inside the accumulation guard."""

import torch

from utils.amp import unscale_and_clip


def train(args, model, loader, criterion):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(args.epochs):
        for i, (inputs, targets) in enumerate(loader):
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                loss = criterion(model(inputs), targets) / args.accum_steps
            scaler.scale(loss).backward()
            if (i + 1) % args.accum_steps == 0:
                grad_norm = unscale_and_clip(scaler, optimizer, model, args.max_norm)
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad(set_to_none=True)
