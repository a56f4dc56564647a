# expect: clean
"""A def of the file, then an import of the same name on every path: the loop runs the import's (it clears), never
the def the import rebinds (which never clears)."""

import torch


def train_batch(model, optimizer, batch):
    model(batch).sum().backward()
    optimizer.step()


from .fused import train_batch  # noqa: E402,F811


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
