"""pytorch-transformers' warmup schedule class, kept in the project's utils, stepped before its optimizer.

Modelled on ViT fine-tuning scripts (jeonsworld/ViT-pytorch train.py, with
`WarmupCosineSchedule` in a local utils/scheduler.py, a LambdaLR subclass):
`scheduler.step()` right before `optimizer.step()` under the accumulation
guard. The schedule is built on the optimizer and stepped before it in the
same iteration (RULES.md ZG204, at the scheduler's step), as `LambdaLR` or
`get_cosine_schedule_with_warmup` would be.
"""
# expect: ZG204 24:13
import torch

from utils.scheduler import WarmupLinearSchedule


def train(model, loader, accumulation, total_steps):
    optimizer = torch.optim.SGD(model.parameters(), lr=3e-2, momentum=0.9)
    scheduler = WarmupLinearSchedule(optimizer, warmup_steps=500, t_total=total_steps)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accumulation
        loss.backward()
        if (step + 1) % accumulation == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scheduler.step()
            optimizer.step()
            optimizer.zero_grad()
