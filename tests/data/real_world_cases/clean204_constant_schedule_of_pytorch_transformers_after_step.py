# expect: clean
"""The twin of `zg204_constant_schedule_of_pytorch_transformers_before_step.py`: the same pytorch-transformers
`ConstantLRSchedule` (or `get_constant_schedule`), stepped after the optimizer's step in each iteration, as PyTorch
asks since 1.1."""

import torch
from torch import nn

try:
    from transformers import ConstantLRSchedule, WarmupLinearSchedule
except ImportError:
    from transformers import get_constant_schedule, get_linear_schedule_with_warmup


def train(model, loader, args):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    if args.lr_schedule == "fixed":
        try:
            scheduler = ConstantLRSchedule(optimizer)
        except NameError:
            scheduler = get_constant_schedule(optimizer)
    else:
        try:
            scheduler = WarmupLinearSchedule(optimizer, warmup_steps=args.warmup_steps, t_total=args.max_steps)
        except NameError:
            scheduler = get_linear_schedule_with_warmup(optimizer, args.warmup_steps, args.max_steps)
    for epoch in range(args.n_epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            optimizer.step()
            scheduler.step()
