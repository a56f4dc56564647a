"""The gradients are set to None by hand between the backward and the step."""
import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(3):
    loss = net(torch.randn(4, 3)).pow(2).mean()
    loss.backward()
    for param in net.parameters():
        param.grad = None  # <- ZG102
    optimizer.step()
