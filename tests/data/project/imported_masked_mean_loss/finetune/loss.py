# expect: clean
"""The losses of one micro-batch. `masked_loss`: the mean over its unmasked tokens (a division by the mask's sum, not by
a count of micro-batches). `scaled_masked_loss`: that mean divided by the count its caller hands it.
`summed_loss`: the tokens' losses summed on purpose (`reduction="sum"`)."""

import torch
import torch.nn.functional as F


def masked_loss(logits, target, mask):
    if mask is None:
        return F.cross_entropy(logits, target, reduction="mean")
    loss = F.cross_entropy(logits, target, reduction="none")
    return torch.sum(loss * mask) / torch.sum(mask).clamp(min=1)


def scaled_masked_loss(logits, target, mask, micro_batches):
    loss = F.cross_entropy(logits, target, reduction="none")
    return torch.sum(loss * mask) / mask.sum() / micro_batches


def summed_loss(logits, target):
    return F.cross_entropy(logits, target, reduction="sum")
