# expect: clean
"""`trainer = Trainer.from_config(cfg, model, opt)`: the class method returns `cls(model, optimizer, ...)`, a
`Trainer` whose `self.optimizer` is `opt`; its step never clears (reported in training/trainers.py)."""

import torch

from training.trainers import Trainer


def main(cfg, model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = Trainer.from_config(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            trainer.train_step(batch)
