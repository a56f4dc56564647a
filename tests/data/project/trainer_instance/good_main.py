# expect: clean
"""A loop over an instance of good_engine.py's `CleanTrainer`, made by that module's factory: its method
clears, nothing to report."""

import torch

from good_engine import make_trainer


def main(loader, epochs):
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = make_trainer(model, optimizer)
    for epoch in range(epochs):
        for inputs, targets in loader:
            trainer.train_step(inputs, targets)
