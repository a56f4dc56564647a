"""Runnable: a DataLoader and an nn.Module subclass; the loop never clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 28:9
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(24, 4), torch.randint(0, 2, (24,))), batch_size=8)
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
