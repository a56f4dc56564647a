"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG204 15:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

scheduler.step() at the top of the epoch loop, before the batch loop's optimizer.step().

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG204 15:9
import torch


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
