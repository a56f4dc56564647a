"""The twin of zg601_optimizer_built_in_function_called_per_epoch.py with plain SGD.

The epoch loop calls `train(epoch, model, loader)`, which builds the epoch's
optimizer with its decayed learning rate and steps it in the batch loop, as
jindongwang/transferlearning's DAAN does; here the SGD is given no
`momentum`, so it keeps no state and a fresh one each epoch loses nothing
(RULES.md ZG601: SGD with `momentum` not given is stateless).
"""
# expect: clean
import math

import torch
from torch import nn, optim

EPOCHS = 3
BASE_LR = 0.01


def train(epoch, model, loader):
    lr = BASE_LR / math.pow(1 + 10 * (epoch - 1) / EPOCHS, 0.75)
    optimizer = optim.SGD(model.parameters(), lr=lr, weight_decay=5e-4)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
loader = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(3)]
for epoch in range(1, EPOCHS + 1):
    train(epoch, model, loader)
