"""AMP: a clear between the scaled backward and scaler.step; torch asserts that no inf checks ran."""
# raises: AssertionError
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 2)
opt = torch.optim.Adam(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for it in range(3):
    loss = model(torch.randn(4, 8)).pow(2).mean()
    scaler.scale(loss).backward()
    opt.zero_grad()  # <- ZG102
    scaler.step(opt)
    scaler.update()
