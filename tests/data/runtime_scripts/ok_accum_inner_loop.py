"""Accumulation over an inner loop of micro-batches, then one step and one clear."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(5, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for step in range(3):
    batch = torch.randn(12, 5)
    chunks = batch.chunk(3)
    for micro in chunks:
        (model(micro).pow(2).mean() / len(chunks)).backward()
    opt.step()
    opt.zero_grad()
