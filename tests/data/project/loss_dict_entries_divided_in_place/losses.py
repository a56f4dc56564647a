# expect: clean
"""The project's loss helpers (facebookresearch/mmf's `extract_loss`, written here): the model hands back a report
whose `losses` dict holds one batch-averaged loss per head. `extract_loss` divides each entry in place by the number
of batches of the update, then hands back the sum of the entries, so the sum is divided. `sum_losses` (the twin's)
sums them as they are."""


def extract_loss(report, loss_divisor):
    loss_dict = report.losses
    for key, value in loss_dict.items():
        value = value.mean() / loss_divisor
        report.losses[key] = value
    return sum(loss.mean() for loss in loss_dict.values())


def sum_losses(report):
    return sum(loss.mean() for loss in report.losses.values())
