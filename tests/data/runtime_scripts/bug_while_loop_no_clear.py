"""A while loop over a data iterator, no clear anywhere."""
import torch

torch.manual_seed(0)
net = torch.nn.Linear(2, 2)
optim = torch.optim.Adagrad(net.parameters(), lr=0.1)
data = iter([torch.randn(3, 2) for _ in range(5)])
while True:
    batch = next(data, None)
    if batch is None:
        break
    net(batch).sum().backward()
    optim.step()  # <- ZG101
