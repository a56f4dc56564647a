# expect: clean
"""A test whose loop runs torch.testing's helper step (the report is there, on the step)."""

import torch
from torch.testing._internal.common_train import one_step


class Net(torch.nn.Module):
    def __init__(self):
        self.fc = torch.nn.Linear(2, 1)

    def forward(self, x):
        return self.fc(x)


def test_steps():
    model = Net()
    model.train()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = [torch.ones(2)] * 3
    for epoch in range(2):
        for batch in loader:
            one_step(model, optimizer, batch)
