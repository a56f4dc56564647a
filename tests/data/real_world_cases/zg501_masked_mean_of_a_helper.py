"""A micro-batch loop whose loss is a helper's masked mean over the tokens, backpropagated undivided.

Modelled on mistralai/mistral-finetune (tests/test_mixed_precision.py with finetune/loss.py's
`compute_loss_with_mask`, here in one file): the helper divides by `torch.sum(mask)`, the number of tokens its mean
runs over, not by a count of micro-batches. Each step applies the sum of two means (RULES.md ZG501, at the backward).
A division in a helper normalises the accumulation only where its divisor may be the count.
"""
# expect: ZG501 27:13
import torch
import torch.nn.functional as F


def compute_loss_with_mask(logits, target, mask):
    if mask is None:
        return F.cross_entropy(logits, target, reduction="mean")
    loss = F.cross_entropy(logits, target, reduction="none")
    loss = torch.sum(loss * mask) / torch.sum(mask)
    return loss


def train(model, loader, optimizer, steps):
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(2):
            x, y, mask = next(loader)
            mb_loss = compute_loss_with_mask(model(x), y, mask)
            mb_loss.backward()
        optimizer.step()
