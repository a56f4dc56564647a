# expect: clean
"""The entry point: the optimizer and the project's schedule of reid/solver.py, the ignite
training of reid/engine.py."""

import torch

from reid.engine import train_schedule_after, train_warmup_first
from reid.solver import WarmupSteps, build_optimizer


def main(warmup_first=True):
    model = torch.nn.Linear(16, 4)
    optimizer = build_optimizer(model, lr=0.01)
    scheduler = WarmupSteps(optimizer, milestones=[40, 70])
    loader = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]
    loss_fn = torch.nn.CrossEntropyLoss()
    if warmup_first:
        train_warmup_first(model, optimizer, scheduler, loss_fn, loader, epochs=3)
    else:
        train_schedule_after(model, optimizer, scheduler, loss_fn, loader, epochs=3)


if __name__ == "__main__":
    main()
