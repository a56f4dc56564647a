# expect: clean
"""Builds the trainer and runs its epochs."""

import torch

from trainer import MultiTaskTrainer


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    trainer = MultiTaskTrainer(model, optimizer, max_norm=1.0)
    for epoch in range(epochs):
        print(epoch, trainer.train_epoch(loader))
