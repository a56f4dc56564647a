# expect: clean
"""The same schedule, handed to the loop that steps it after the optimizer."""

from loops.iterations import run_iterations_in_order
from schedules.factories import build_lr_scheduler, build_optimizer


def main(cfg, model, data_loader, meters):
    optimizer = build_optimizer(cfg, model)
    scheduler = build_lr_scheduler(cfg, optimizer)
    run_iterations_in_order(model, data_loader, optimizer, scheduler, meters)
