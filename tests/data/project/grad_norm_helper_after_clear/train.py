# expect: clean
"""The script: a model, AdamW, and the trainer the config names."""

import torch

from fitlib.safe_trainer import SafeTrainer
from fitlib.trainer import Trainer


def main(model, loader, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    trainer_cls = SafeTrainer if cfg.safe else Trainer
    trainer = trainer_cls(model, optimizer, torch.nn.functional.cross_entropy)
    for _ in range(cfg.epochs):
        trainer.train_epoch(loader)
