# expect: clean
"""The losses of a detector, one entry each, as a dict: the trainer sums them."""

import torch.nn.functional as F


def detection_losses(outputs, targets, weights):
    losses = {
        "loss_cls": F.cross_entropy(outputs["logits"], targets["labels"]),
        "loss_box": F.l1_loss(outputs["boxes"], targets["boxes"]),
    }
    return {name: value * weights.get(name, 1.0) for name, value in losses.items()}
