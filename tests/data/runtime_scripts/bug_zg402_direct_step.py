"""AMP: the optimizer steps directly after a scaled backward."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu")
for step in range(3):
    optimizer.zero_grad()
    scaler.scale(model(torch.randn(2, 4)).sum()).backward()
    optimizer.step()  # <- ZG402
