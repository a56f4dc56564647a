"""Runnable, correct: two losses backpropagated (retain_graph) before one step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for _ in range(4):
    opt.zero_grad()
    out = model(torch.randn(8, 4))
    main_loss = out[:, 0].pow(2).mean()
    aux_loss = out[:, 1].abs().mean()
    main_loss.backward(retain_graph=True)
    aux_loss.backward()
    opt.step()
