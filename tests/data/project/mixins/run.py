# expect: clean
"""A loop of its own over an instance of the mixed class: its `train_step` is the mixin's, found along the class's
bases in another module; right here, with the loop's clear before it."""

import torch

from trainers.classes import Trainer


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = Trainer(model, optimizer, epochs)
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            trainer.train_step(batch)
