# expect: ZG301 22:18
"""`model.zero_grad()` sets the gradients to None as the vocabulary says (PyTorch 2's default), whatever the body of
this checkout's `Module.zero_grad` says: torch's modules are known by the vocabulary, in the tree or out of it."""

import torch


class Net(torch.nn.Module):
    def __init__(self):
        self.fc = torch.nn.Linear(2, 1)

    def forward(self, x):
        return self.fc(x)


def test_norms():
    model = Net()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = [torch.ones(2)] * 3
    for batch in loader:
        model.zero_grad()
        norms = [p.grad.norm() for p in model.parameters()]
        loss = model(batch).sum()
        loss.backward()
        optimizer.step()
