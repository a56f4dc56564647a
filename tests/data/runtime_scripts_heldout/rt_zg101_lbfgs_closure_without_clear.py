"""Runnable: an LBFGS closure runs backward without clearing (accumulates across evaluations).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 23:5
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.randn(32, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]])
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5)


def closure():
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


for epoch in range(3):
    optimizer.step(closure)
