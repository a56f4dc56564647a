# expect: clean
"""The loss of one micro-batch: the mean over its unmasked tokens (a division by the mask's sum, not by a count of
micro-batches)."""

import torch
import torch.nn.functional as F


def masked_loss(logits, target, mask):
    if mask is None:
        return F.cross_entropy(logits, target, reduction="mean")
    loss = F.cross_entropy(logits, target, reduction="none")
    return torch.sum(loss * mask) / torch.sum(mask)
