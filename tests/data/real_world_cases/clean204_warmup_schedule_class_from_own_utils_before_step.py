"""pytorch-transformers' warmup schedule class, kept in the project's utils, stepped before its optimizer.

Modelled on ViT fine-tuning scripts (jeonsworld/ViT-pytorch train.py, with
`WarmupCosineSchedule` in a local utils/scheduler.py): `scheduler.step()` right
before `optimizer.step()` under the accumulation guard. Relabelled with the
revised RULES.md (issue 25): the class is imported from a module of the project
that is not torch and not in the checked tree, so whether it is a torch LR
scheduler is unknown, and unknown stays silent for ZG204 (the cross-module
following of the `project` branch may come to read it).
"""
# expect: clean
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
