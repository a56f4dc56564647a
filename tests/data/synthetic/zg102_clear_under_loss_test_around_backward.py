"""A test of the loss that holds the backward too is no "drop this batch": when the loss is finite the backward
runs, the clear throws its gradients away, and the step applies none (the idiom's test runs after the backward)."""
# expect: ZG102 16:13
import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)


def train(batches):
    for x, y in batches:
        loss = nn.functional.mse_loss(model(x), y)
        if torch.isfinite(loss):
            loss.backward()
            optimizer.zero_grad()
            optimizer.step()
