# expect: clean
"""`trainer = trainers.Trainer.build(cfg, model, opt)`, a static method returning a `Trainer` handed `opt`: its step
never clears (reported in training/trainers.py)."""

import torch

from training import trainers


def main(cfg, model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = trainers.Trainer.build(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            trainer.train_step(batch)


def cleared(cfg, model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    trainer = trainers.Trainer.build(cfg, model, opt)
    for epoch in range(cfg.epochs):
        for batch in loader:
            opt.zero_grad()
            trainer.train_step(batch)
