# expect: clean
"""The twin: the logger gets the loss's value."""

from utils.logging import MetricLogger


def train_one_epoch(model, criterion, loader, optimizer):
    metric_logger = MetricLogger()
    for samples, targets in loader:
        optimizer.zero_grad()
        loss_dict = criterion(model(samples), targets)
        losses = sum(loss_dict.values())
        losses.backward()
        optimizer.step()
        metric_logger.update(loss=losses.item())
    return metric_logger
