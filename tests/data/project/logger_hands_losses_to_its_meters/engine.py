# expect: clean
"""One epoch of a detector in the references' shape: the loss terms summed, backpropagated, and handed to the metric
logger as tensors (the report is the meter's, in utils/logging.py)."""

from utils.logging import MetricLogger


def train_one_epoch(model, criterion, loader, optimizer):
    metric_logger = MetricLogger()
    for samples, targets in loader:
        optimizer.zero_grad()
        loss_dict = criterion(model(samples), targets)
        losses = sum(loss_dict.values())
        losses.backward()
        optimizer.step()
        metric_logger.update(loss=losses)
    return metric_logger
