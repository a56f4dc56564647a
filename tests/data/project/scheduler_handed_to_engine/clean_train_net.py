# expect: clean
"""The same script calling the loop that steps the schedule after the optimizer."""

from engine.trainer import do_train_in_order
from solver.build import make_lr_scheduler, make_optimizer


def main(settings, model, loader):
    optimizer = make_optimizer(settings, model)
    scheduler = make_lr_scheduler(settings, optimizer)
    do_train_in_order(model, loader, optimizer, scheduler)
