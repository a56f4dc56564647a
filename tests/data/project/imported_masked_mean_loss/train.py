# expect: ZG501 19:13
"""A step loop over two micro-batches whose loss, the masked mean of finetune/loss.py, is backpropagated undivided
(mistralai/mistral-finetune tests/test_mixed_precision.py:93): the step applies the sum of two means. A division in
a helper normalises the accumulation only where its divisor may be the count; the mask's sum is the count of the
tokens the mean runs over (`losses.divided_by_a_count`)."""

import torch

from finetune.loss import masked_loss


def train(model, loader, steps=3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(2):
            x, y, mask = next(loader)
            mb_loss = masked_loss(model(x), y, mask)
            mb_loss.backward()
        optimizer.step()
