# expect: clean
"""Once-for-all's progressive shrinking (ofa/.../progressive_shrinking.py `train_one_epoch`): each batch, a loop samples
`dynamic_batch_size` sub-networks of the supernet and backpropagates each one's loss on the same whole batch, then one
step. The passes are no micro-batches: every one reads the batch the outer loop drew, and the update is meant to be the
sum of the sampled sub-networks' gradients (the method, with its learning rate set for it). RULES.md's accumulation is
an inner loop over micro-batches; the engine takes any loop of backwards that a step follows for one
(`locations.body_where`) and reports ZG501 at the backward. What it needs: a micro-batch loop told from a loop of
passes over one batch (the model's input in the loop bound before it and not rebound inside: no slice of the batch, no
`next()` of a loader, no element of what the loop walks)."""
import random


def train_one_epoch(supernet, loader, optimizer, criterion, subnets_per_batch):
    losses = []
    for images, labels in loader:
        supernet.zero_grad()
        for index in range(subnets_per_batch):
            random.seed(index)
            supernet.sample_active_subnet()
            loss = criterion(supernet(images), labels)
            loss.backward()
            losses.append(loss.item())
        optimizer.step()
    return sum(losses) / len(losses)
