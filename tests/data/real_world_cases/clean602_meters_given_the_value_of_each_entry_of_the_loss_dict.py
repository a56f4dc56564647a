# expect: clean
"""The twin (SLIP's fix): each meter is handed the entry's value, `loss_dict[k].item()`."""
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
            metrics[k].update(loss_dict[k].item(), batch_size)
    return {k: meter.sum / meter.count for k, meter in metrics.items()}
