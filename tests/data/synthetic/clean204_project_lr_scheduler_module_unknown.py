"""A warm-up multi-step schedule from the project's own `solver.lr_scheduler` module, stepped first.

Nothing in the file shows that the class is a torch LR scheduler (its module is the project's, not
torch's, and is not in the checked tree): unknown stays silent for ZG204.
"""
# expect: clean
import torch
from solver import lr_scheduler


def train(model, loader, iterations):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    scheduler = lr_scheduler.WarmupMultiStepLR(optimizer, milestones=(60000, 80000), warmup_iters=500)
    for iteration, (images, targets) in enumerate(loader):
        scheduler.step()
        optimizer.zero_grad()
        losses = model(images, targets)
        loss = sum(losses.values())
        loss.backward()
        optimizer.step()
        if iteration == iterations:
            break
