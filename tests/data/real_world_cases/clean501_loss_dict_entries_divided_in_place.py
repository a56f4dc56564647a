# expect: clean
"""A multimodal trainer's loss (facebookresearch/mmf's `extract_loss`): the model's report holds one batch-averaged
loss per head in `report.losses`; the helper divides every entry in place by the number of batches of the update,
through a loop over the dict's own items (`loss_dict` is `report.losses`), then hands back the sum of the entries.
The sum is divided: no ZG501."""

import torch


class Report:
    def __init__(self, losses):
        self.losses = losses


def extract_loss(report, loss_divisor):
    loss_dict = report.losses
    assert len(loss_dict) != 0, "the model returned no loss"
    for key, value in loss_dict.items():
        value = value.mean() / loss_divisor
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
