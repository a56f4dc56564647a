"""AMP: clipping the still-scaled gradients."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(6, 2)
optimizer = torch.optim.Adam(model.parameters())
scaler = torch.amp.GradScaler("cpu")
for step in range(3):
    optimizer.zero_grad()
    scaler.scale(model(torch.randn(4, 6)).pow(2).mean()).backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401
    scaler.step(optimizer)
    scaler.update()
