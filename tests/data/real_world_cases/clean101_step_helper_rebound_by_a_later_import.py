# expect: clean
"""A fallback step written in the file, then the fused one imported under the same name once the kernels are built:
the import rebinds the name, so the loop runs the imported step (not known here) and never the fallback, which
forgets to clear. Nothing is known of what the loop runs: no report."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    torch.nn.functional.cross_entropy(model(inputs), targets).backward()
    optimizer.step()


from fused_kernels.steps import train_batch  # noqa: E402,F811


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for batch in loader:
            train_batch(model, optimizer, batch)
