"""AMP: the gradients are zeroed (kept as zeros) between the scaled backward and scaler.step."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for it in range(3):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = model(torch.randn(4, 8)).float().pow(2).mean()
    scaler.scale(loss).backward()
    opt.zero_grad(set_to_none=False)  # <- ZG102
    scaler.step(opt)
    scaler.update()
