"""Gradient norms logged after the loop, whose iterations end with a set_to_none clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 17:17
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.Adam(model.parameters())
for x, y in [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]:
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
for name, p in model.named_parameters():
    print(name, p.grad.norm().item())
