# expect: clean
"""`E.train_batch(...)` of `import engine as E`: its missing clear is reported in engine.py."""

import torch

import engine as E


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for batch in loader:
            E.train_batch(model, optimizer, batch)
