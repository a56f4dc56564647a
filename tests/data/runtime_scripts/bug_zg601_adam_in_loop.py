"""The Adam optimizer is rebuilt for every batch over the same model."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
for epoch in range(2):
    for x, y in [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(3)]:
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)  # <- ZG601
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
