# expect: ZG101 17:5
"""The twin: the fused step imported first, then a step written in the file under the same name, which rebinds it:
the loop runs the file's step, which never clears."""

import torch

from fused_kernels.steps import train_batch  # noqa: F401


def train_batch(model, optimizer, batch):  # noqa: F811
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    # The loop below calls this once per batch and nothing clears: each step
    # applies the gradients of every batch so far.
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for batch in loader:
            train_batch(model, optimizer, batch)
