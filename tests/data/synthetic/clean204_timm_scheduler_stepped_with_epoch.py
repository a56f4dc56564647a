"""timm's cosine scheduler, stepped with the epoch at the top of the epoch loop.

timm's schedulers are not torch LR schedulers, and `step(epoch)` names the epoch its value is for
(RULES.md ZG204): not reported.
"""
# expect: clean
import torch
from timm.scheduler import CosineLRScheduler


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = CosineLRScheduler(optimizer, t_initial=epochs, warmup_t=3, warmup_lr_init=1e-4)
    for epoch in range(epochs):
        scheduler.step(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
