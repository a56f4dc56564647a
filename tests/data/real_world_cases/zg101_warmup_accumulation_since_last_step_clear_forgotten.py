"""The trainer of clean101_warmup_accumulation_since_last_step.py with the clear after its step forgotten.

Each accumulation step applies again every gradient an earlier step already
applied: RULES.md ZG101 at the step (guarded: "applies again").
"""
# expect: ZG101 37:17
import os

import torch
from torch import nn

RANK = int(os.getenv("RANK", "-1"))


def train(hyp, opt, loader):
    model = nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=hyp["lr0"], momentum=0.9)
    amp = opt.amp and RANK in {-1, 0}
    scaler = torch.cuda.amp.GradScaler(enabled=amp)
    accumulate = max(round(64 / opt.batch_size), 1)
    last_opt_step = -1
    for epoch in range(opt.epochs):
        model.train()
        optimizer.zero_grad()
        for i, (imgs, targets) in enumerate(loader):
            ni = i + len(loader) * epoch
            if ni <= opt.warmup_iters:
                accumulate = max(1, round(ni * 64 / (opt.warmup_iters * opt.batch_size)))
                for group in optimizer.param_groups:
                    group["lr"] = hyp["lr0"] * ni / opt.warmup_iters
            with torch.cuda.amp.autocast(amp):
                loss = nn.functional.mse_loss(model(imgs), targets) / accumulate
            scaler.scale(loss).backward()
            if ni - last_opt_step >= accumulate:
                scaler.unscale_(optimizer)
                torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=10.0)
                scaler.step(optimizer)
                scaler.update()
                last_opt_step = ni
            if RANK in {-1, 0}:
                print(epoch, loss.item())
    return model
