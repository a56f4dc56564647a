"""An LBFGS closure that runs backward but never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 20:5
import torch
from torch import nn

model = nn.Linear(3, 1)
x = torch.randn(64, 3)
y = torch.randn(64, 1)
optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0)

for epoch in range(20):
    def closure():
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        return loss

    optimizer.step(closure)
