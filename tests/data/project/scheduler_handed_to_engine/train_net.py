# expect: clean
"""The training script: builds the optimizer and the project's scheduler on it (solver/), and hands both to the
engine's loop (engine/trainer.py), where the report is."""

from engine.trainer import do_train
from solver.build import make_lr_scheduler, make_optimizer


def main(settings, model, loader):
    optimizer = make_optimizer(settings, model)
    scheduler = make_lr_scheduler(settings, optimizer)
    do_train(model, loader, optimizer, scheduler)
