# expect: clean
"""The entry point: one `train_step` of seq/trainer.py per batch of micro-batches, in an epoch helper."""

import torch

from seq.trainer import Trainer


def main(args, loader):
    trainer = Trainer(args, torch.nn.Linear(8, 1))
    for _ in range(args.epochs):
        train(trainer, loader)


def train(trainer, loader):
    for samples in loader:
        log = trainer.train_step(samples)
        if log is None:
            continue
        print(log)
