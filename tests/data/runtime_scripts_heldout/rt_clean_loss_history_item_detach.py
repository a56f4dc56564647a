"""Runnable, correct: losses kept as .item(), .detach() and float().

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
total, hist, peak = 0.0, [], 0.0
for _ in range(5):
    opt.zero_grad()
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    total += loss.item()
    hist.append(loss.detach())
    peak = max(peak, float(loss))
print(total, len(hist), peak)
