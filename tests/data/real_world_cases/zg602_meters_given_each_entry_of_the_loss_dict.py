# expect: ZG602 17:9
"""Contrastive pre-training in SLIP's shape before its fix: the criterion returns its terms in a dict, the loop
backpropagates the dict's `loss` entry and then hands every entry, `loss_dict[k]` for each key `k` of the dict, to the
meter of that name, which adds it into its sum: the `loss` entry's graph is kept every iteration (reported where the
meter adds it up)."""
from collections import OrderedDict


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n


def train(loader, model, criterion, optimizer, batch_size):
    metrics = OrderedDict([(name, AverageMeter(name)) for name in ["loss", "accuracy"]])
    for images, texts in loader:
        optimizer.zero_grad()
        image_embed, text_embed = model(images, texts)
        loss_dict = criterion(image_embed, text_embed)
        loss = loss_dict["loss"]
        loss.backward()
        optimizer.step()
        for k in loss_dict:
            metrics[k].update(loss_dict[k], batch_size)
    return {k: meter.sum / meter.count for k, meter in metrics.items()}
