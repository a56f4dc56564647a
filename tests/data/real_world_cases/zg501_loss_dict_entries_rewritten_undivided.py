# expect: ZG501 29:9
"""The twin of clean501_loss_dict_entries_divided_in_place.py: the helper rewrites every entry of the report's
losses through a loop over the dict's own items, but only as its mean, and hands back their sum: the update's
batches add up undivided (the effective learning rate `update_frequency` times larger)."""

import torch


class Report:
    def __init__(self, losses):
        self.losses = losses


def extract_loss(report, loss_divisor):
    loss_dict = report.losses
    assert len(loss_dict) != 0, "the model returned no loss"
    for key, value in loss_dict.items():
        value = value.mean()
        report.losses[key] = value
    loss = sum(loss.mean() for loss in loss_dict.values())
    return loss


def train(model, loader, optimizer, update_frequency):
    optimizer.zero_grad()
    for idx, batch in enumerate(loader):
        report = Report(model(batch))
        loss = extract_loss(report, update_frequency)
        loss.backward()
        if (idx + 1) % update_frequency == 0:
            optimizer.step()
            optimizer.zero_grad()
