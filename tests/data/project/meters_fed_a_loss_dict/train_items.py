# expect: clean
"""The twin (SLIP's fix, 5dc590e): each meter is handed the entry's value, `loss_dict[k].item()`."""

from collections import OrderedDict

import torch

from losses import ContrastiveLoss
from meters import AverageMeter


def train(loader, model, optimizer, scaler, batch_size):
    criterion = ContrastiveLoss()
    metrics = OrderedDict([(name, AverageMeter(name)) for name in ["loss", "accuracy"]])
    for images, texts in loader:
        with torch.autocast("cuda"):
            image_embed, text_embed, logit_scale = model(images, texts)
            loss_dict = criterion(image_embed, text_embed, logit_scale)
            loss = loss_dict["loss"]
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        model.zero_grad(set_to_none=True)
        for k in loss_dict:
            metrics[k].update(loss_dict[k].item(), batch_size)
    return {k: meter.avg for k, meter in metrics.items()}
