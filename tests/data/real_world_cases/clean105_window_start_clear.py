"""redteam: FAILS on precision-flow 1550d83: expected clean, got ZG101 19:13 (on precision-flow); passes on: main 61a4738, precision-roles f58db55, new-rules e056009, runtime 763d6f4.

Accumulation with the clear at the start of each window (`i % n == 0`) and the step at its end.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, n=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for i, (x, y) in enumerate(loader):
        if i % n == 0:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        loss.backward()
        if (i + 1) % n == 0:
            optimizer.step()
