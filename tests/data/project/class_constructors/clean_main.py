# expect: clean
"""The twins: the subclass's class method returns a `ClearingTrainer` (`cls` is the class it is called on), whose
step clears; and the forgetful `Trainer` in a loop that clears `opt`, the trainer's `self.optimizer`."""

import torch

from training import trainers


def main(cfg, model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = trainers.ClearingTrainer.from_config(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            trainer.train_step(batch)


def cleared_by_loop(cfg, model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = trainers.Trainer.from_config(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            opt.zero_grad()
            trainer.train_step(batch)
