# expect: clean
"""A trainer that backpropagates one sample at a time and steps every `batch_size` samples, clearing after each step,
then steps once more after the sample loop for the last, incomplete batch (`if batch_counter > 0:`); the epoch starts
with a clear. The gradients the last step applies are those of this epoch's samples since the last full batch: the
sample loop is an accumulation loop nested in the epoch loop (RULES.md's accumulation by an inner loop), so its earlier
iterations are micro-batches of this epoch, not an earlier epoch's backward (ZG101 was reported at that last step).
Each sample's loss is divided by the batch size (ZG501's business, not this case's)."""

import torch


def train(model, samples, loss_func, n_epochs, batch_size):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for epoch_idx in range(n_epochs):
        batch_counter = 0
        optimizer.zero_grad()
        for pose, target in samples:
            loss = loss_func(model(pose), target) / batch_size
            loss.backward()
            batch_counter += 1
            if batch_counter == batch_size:
                optimizer.step()
                batch_counter = 0
                optimizer.zero_grad()
        if batch_counter > 0:
            optimizer.step()
