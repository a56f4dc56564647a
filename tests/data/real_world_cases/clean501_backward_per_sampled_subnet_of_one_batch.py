# expect: clean
"""Once-for-all's progressive shrinking (ofa/.../progressive_shrinking.py `train_one_epoch`): each batch, a loop samples
`dynamic_batch_size` sub-networks of the supernet and backpropagates each one's loss on the same whole batch, then one
step. The passes are no micro-batches: every one reads the batch the outer loop drew, and the update is meant to be the
sum of the sampled sub-networks' gradients (the method, with its learning rate set for it). RULES.md's accumulation is
an inner loop over micro-batches: a `range(n)` loop is one when its passes take other data for the loss, and only what
feeds the backward's loss is read for it (`zg501.loss_slice`): the seed made of the counter and the sub-network sampled
feed the model, not its input. Twin zg501_backward_per_sampled_subnet_of_a_slice_of_the_batch.py (each pass takes its
slice of the batch by the counter): reported."""
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
