# expect: ZG501 21:13
"""A step loop over two micro-batches whose loss, the masked mean of finetune/loss.py, is backpropagated undivided
(mistralai/mistral-finetune tests/test_mixed_precision.py:93): the step applies the sum of two means. Found while the
loss was an unknown call; lost at the nineteenth session once the helper of another module is followed
(`losses.Helpers`), whose `/ torch.sum(mask)` and `reduction=` read as a division on purpose (`DIVIDED`). What it
needs: a division inside a helper counts as normalising the accumulation only where its divisor may be the count (a
parameter, a size word), not a reduction of the helper's own tensors (a mean)."""

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
