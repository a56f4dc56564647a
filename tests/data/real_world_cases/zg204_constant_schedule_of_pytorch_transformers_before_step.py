# expect: ZG204 36:13
"""A question-answering fine-tuning script (the shape of QA-GNN's qagnn.py): the schedule is pytorch-transformers'
`ConstantLRSchedule` where the installed transformers still has it, else the factory that replaced it, each built on
the optimizer; the batch loop steps the scheduler before the optimizer. Both are LambdaLRs (transformers 2's
`ConstantLRSchedule(LambdaLR)`, `get_constant_schedule` returns a `LambdaLR`), so the first step runs at the
schedule's second value and PyTorch warns once: RULES.md ZG204. The twin
`clean204_constant_schedule_of_pytorch_transformers_after_step.py` steps the optimizer first."""

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
            scheduler.step()
            optimizer.step()
