"""AMP: the gradient norm is clipped (and logged) every few steps, on the still-scaled gradients."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
log_every = 2
for step in range(6):
    optimizer.zero_grad()
    x, y = torch.randn(4, 6), torch.randn(4, 1)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.mse_loss(model(x).float(), y)
    scaler.scale(loss).backward()
    if step % log_every == 0:
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401
        print(f"step {step}: gradient norm {norm.item():.3f}")
    scaler.step(optimizer)
    scaler.update()
