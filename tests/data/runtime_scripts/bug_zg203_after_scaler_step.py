"""AMP: the gradients are clipped after scaler.step has applied them."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(6, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for step in range(3):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = model(torch.randn(4, 6)).float().pow(2).mean()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    torch.nn.utils.clip_grad_value_(model.parameters(), 0.1)  # <- ZG203
