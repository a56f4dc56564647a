"""AMP: a warm-up step before the loop, then a clear between each scaled backward and scaler.step.

The first pass clears gradients that hold the warm-up's (applied) and its own backward's: one cause,
the clear, reported once (not also a step "before any backward")."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
x, y = torch.randn(8, 4), torch.randn(8, 1)
scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
scaler.step(optimizer)
scaler.update()
for _ in range(4):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    optimizer.zero_grad(set_to_none=False)  # <- ZG102
    scaler.step(optimizer)
    scaler.update()
