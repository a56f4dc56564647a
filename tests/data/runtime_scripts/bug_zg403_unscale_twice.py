"""AMP: unscale_ runs on every micro-batch of an accumulation window."""
# raises: RuntimeError
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters())
scaler = torch.amp.GradScaler("cpu")
for i in range(4):
    scaler.scale(model(torch.randn(3, 4)).pow(2).mean() / 2).backward()
    scaler.unscale_(optimizer)  # <- ZG403
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    if (i + 1) % 2 == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
