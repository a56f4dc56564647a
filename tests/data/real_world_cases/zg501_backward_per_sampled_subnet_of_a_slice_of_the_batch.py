"""The twin of clean501_backward_per_sampled_subnet_of_one_batch.py (once-for-all's progressive shrinking shape): each
pass samples a sub-network of the supernet, seeded by the counter as there, but also runs it on its own slice of the
batch (`part`, made of the counter): the passes are micro-batches, and the loss summed over them is not divided by
their number (RULES.md ZG501)."""
# expect: ZG501 19:13
import random


def train_one_epoch(supernet, loader, optimizer, criterion, subnets_per_batch):
    losses = []
    for images, labels in loader:
        supernet.zero_grad()
        for index in range(subnets_per_batch):
            random.seed(index)
            supernet.sample_active_subnet()
            part = slice(index, None, subnets_per_batch)
            loss = criterion(supernet(images[part]), labels[part])
            losses.append(loss.item())
            loss.backward()
        optimizer.step()
    return sum(losses) / len(losses)
