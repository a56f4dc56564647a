"""The twin of zg501_masked_mean_of_a_helper.py: the helper divides its masked mean by the number of micro-batches
its caller hands it (`num_microbatches`), a divisor that may be the count: normalised.
"""
# expect: clean
import torch
import torch.nn.functional as F


def compute_loss_with_mask(logits, target, mask, num_microbatches):
    loss = F.cross_entropy(logits, target, reduction="none")
    loss = torch.sum(loss * mask) / mask.sum().clamp(min=1)
    return loss / num_microbatches


def train(model, loader, optimizer, steps, num_microbatches=2):
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(num_microbatches):
            x, y, mask = next(loader)
            mb_loss = compute_loss_with_mask(model(x), y, mask, num_microbatches)
            mb_loss.backward()
        optimizer.step()
