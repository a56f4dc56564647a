# expect: clean
"""An instance of custom.py's subclass, whose `__init__` is its base's of engine/base.py: `self.optimizer` is the
`opt` this loop hands the construction and clears before each step. (Read as the instance's own optimizer, the
base's step would never be cleared: a false ZG101.)"""

import torch

from custom import CountingTrainer


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    trainer = CountingTrainer(model, opt, epochs)
    for epoch in range(epochs):
        for batch in loader:
            opt.zero_grad()
            trainer.train_step(batch)
