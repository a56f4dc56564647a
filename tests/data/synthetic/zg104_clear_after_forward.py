"""Pattern A: the clear runs after the forward pass and before the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 17:5
import torch
from torch import nn

model = nn.Linear(10, 2)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for data_batch, labels in [(torch.randn(4, 10), torch.tensor([0, 1, 0, 1]))] * 3:
    pred = model(data_batch)
    loss = criterion(pred, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
