"""Micro-batches in an inner loop, but the clear is inside the inner loop."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(6, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for step in range(3):
    batch = torch.randn(16, 6)
    for micro in batch.chunk(4):
        opt.zero_grad()  # <- ZG105
        loss = model(micro).pow(2).mean() / 4
        loss.backward()
    opt.step()
