# expect: clean
"""`import pkg.trainer as t`, called as `t.train_batch(...)`."""

import torch

import pkg.trainer as t


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        t.train_batch(model, optimizer, batch)
