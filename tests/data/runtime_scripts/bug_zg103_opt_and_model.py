"""Both the optimizer and its model are cleared at the top of every iteration."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    optimizer.zero_grad()
    model.zero_grad()  # <- ZG103
    loss = model(torch.randn(6, 4)).abs().mean()
    loss.backward()
    optimizer.step()
