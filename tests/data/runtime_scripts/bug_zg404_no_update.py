"""AMP: scaler.update() is missing."""
# raises: RuntimeError
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters())
scaler = torch.amp.GradScaler("cpu")
for i in range(3):
    optimizer.zero_grad()
    scaler.scale(model(torch.randn(3, 4)).pow(2).mean()).backward()
    scaler.step(optimizer)  # <- ZG404
