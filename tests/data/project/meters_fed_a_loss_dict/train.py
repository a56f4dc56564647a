# expect: clean
"""One epoch of contrastive pre-training (SLIP's main.py before its fix): the loss dict's `loss` is backpropagated
through the GradScaler, then every entry of the dict is handed to its meter, the meters a dict built before the loop
(the report is the meter's, in meters.py)."""

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
            metrics[k].update(loss_dict[k], batch_size)
    return {k: meter.avg for k, meter in metrics.items()}
