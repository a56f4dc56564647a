"""AMP with gradient accumulation: the scaled backward of each micro-batch adds the whole loss (ZG501 for
the static check; the guard sees a correct accumulation: nothing to report at run time)."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
accum_steps = 4
for step in range(8):
    x, y = torch.randn(4, 6), torch.randn(4, 1)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.mse_loss(model(x).float(), y)
    scaler.scale(loss).backward()
    if (step + 1) % accum_steps == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
