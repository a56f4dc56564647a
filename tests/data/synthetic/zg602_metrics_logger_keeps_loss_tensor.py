"""A metrics logger of the file keeps every value it is given; the loop hands it the loss tensor, so each
step's autograd graph stays alive in the logger's history."""
# expect: ZG602 14:9
import torch
from torch import nn


class MetricsLogger:
    def __init__(self):
        self.history = {"loss": [], "step": []}
        self.seen = 0

    def record(self, step, value):
        self.history["loss"].append(value)
        self.history["step"].append(step)
        self.seen += 1


def train(loader, epochs):
    model = nn.Linear(16, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    metrics = MetricsLogger()
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            metrics.record(step, loss)
    return metrics
