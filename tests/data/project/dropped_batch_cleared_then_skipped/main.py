# expect: clean
"""The entry point: builds a trainer of another module and runs it."""

from trainer import Trainer
from zeroing_trainer import ZeroingTrainer


def main(model, loader, args):
    trainer_class = ZeroingTrainer if args.zero_in_place else Trainer
    trainer_class(model, loader, args.accum_steps).train()
