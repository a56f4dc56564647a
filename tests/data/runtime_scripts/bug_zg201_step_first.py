"""The step runs at the top of the iteration, before this iteration's backward."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.Adam(model.parameters())
for i in range(4):
    optimizer.step()  # <- ZG201
    optimizer.zero_grad()
    loss = model(torch.randn(3, 2)).pow(2).sum()
    loss.backward()
