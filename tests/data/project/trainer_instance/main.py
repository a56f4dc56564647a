# expect: clean
"""The loop calls a method of an instance of engine.py's `Trainer`: the method is read from that module, so
its missing clear is found (reported in engine.py)."""

import torch

from engine import Trainer


def main(loader, epochs, max_norm):
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = Trainer(model, optimizer)
    for epoch in range(epochs):
        for inputs, targets in loader:
            trainer.clip_step(inputs, targets, max_norm)
