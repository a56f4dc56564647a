# expect: ZG101 20:17
# expect: ZG101 24:13
"""The twin of `clean101_last_incomplete_batch_stepped_after_the_sample_loop.py` without the clear at the top of the
epoch: the step after the sample loop applies the last, incomplete batch and nothing clears it, so the next epoch's
first full batch applies those gradients again, and so does the next epoch's last step (each reported, naming the step
that applied them first)."""

import torch


def train(model, samples, loss_func, n_epochs, batch_size):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for epoch_idx in range(n_epochs):
        batch_counter = 0
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
