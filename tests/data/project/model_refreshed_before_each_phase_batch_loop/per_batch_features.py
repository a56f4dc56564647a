# expect: ZG104 20:5
"""The twin whose forward runs in the batch loop's iteration (the loop around both the clear and the backward): the
caller computes the features of each batch, then the helper clears, builds the loss from them and backpropagates,
so the clear follows the forward of its loss in the same iteration (RULES.md ZG104)."""

import torch.nn.functional as F
from torch import optim


def train(model, loader, lr, epochs):
    optimizer = optim.SGD(model.parameters(), lr=lr)
    for epoch in range(epochs):
        for x, y in loader:
            features = model.features(x)
            classify(model, optimizer, features, y)
    return model


def classify(model, optimizer, features, y):
    optimizer.zero_grad()
    loss = F.cross_entropy(model.fc(features), y)
    loss.backward()
    optimizer.step()
