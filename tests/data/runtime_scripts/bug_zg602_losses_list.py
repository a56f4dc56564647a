"""Losses appended to a list as tensors, averaged at the end of training."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
losses = []
for step in range(10):
    opt.zero_grad()
    loss = (model(torch.randn(8, 4)) - 1).pow(2).mean()
    loss.backward()
    opt.step()
    losses.append(loss)  # <- ZG602
print(torch.stack(losses).mean().item())
