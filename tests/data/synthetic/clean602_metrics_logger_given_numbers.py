"""The twin of zg602_metrics_logger_keeps_loss_tensor.py: the logger is handed the loss's number, or the tensor
detached; a logger built afresh each step keeps nothing across steps."""
# expect: clean
import torch
from torch import nn


class MetricsLogger:
    def __init__(self):
        self.history = {"loss": [], "step": []}

    def record(self, step, value):
        self.history["loss"].append(value)
        self.history["step"].append(step)


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
            metrics.record(step, loss.item())
            metrics.record(step, loss.detach())
    return metrics


def train_logging_per_step(loader):
    model = nn.Linear(16, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        step_metrics = MetricsLogger()  # a fresh logger each step: its history goes with it
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        step_metrics.record(step, loss)
        print(step_metrics.history)
