# expect: clean
"""The twin: the loop clears before each of the alias's steps."""

import torch

import engine as E


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            E.train_batch(model, optimizer, batch)
