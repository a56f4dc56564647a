"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 16:13, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

LBFGS (stateful) built again every epoch, with a closure that clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 16:13
import torch
from torch import nn

model = nn.Linear(5, 1)
x = torch.randn(50, 5)
y = torch.randn(50, 1)

for epoch in range(5):
    lbfgs = torch.optim.LBFGS(model.parameters(), history_size=10)

    def closure():
        lbfgs.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        return loss

    lbfgs.step(closure)
