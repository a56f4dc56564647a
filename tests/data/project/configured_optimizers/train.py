# expect: clean
"""Fits a regressor with the trainer that asks it for a new optimizer every epoch (reported where the regressor
builds it, in tasks/regression.py), and with the twin trainer that asks once."""

from framework import Trainer
from framework.trainer_once import OnceTrainer
from tasks.regression import Regressor


def main(loader, cfg):
    module = Regressor(cfg.in_features, cfg.lr)
    trainer = Trainer(cfg.epochs)
    trainer.fit(module, loader)


def main_once(loader, cfg):
    module = Regressor(cfg.in_features, cfg.lr)
    trainer = OnceTrainer(cfg.epochs)
    trainer.fit(module, loader)
