# expect: clean
"""The script: the trainer the config names."""

from trainkit.logging_trainer import LoggingTrainer
from trainkit.restarts import RestartingTrainer


def main(model, loader, cfg):
    trainer_cls = RestartingTrainer if cfg.restarts else LoggingTrainer
    trainer_cls(model, loader, cfg).fit()
