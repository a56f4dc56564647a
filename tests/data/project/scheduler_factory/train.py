# expect: clean
"""The schedule comes from the project's factory (always a PyTorch scheduler, built on the optimizer it is handed)
and goes to the loop of loops/iterations.py, which steps it first: reported there."""

from loops.iterations import run_iterations
from schedules.factories import build_lr_scheduler, build_optimizer


def main(cfg, model, data_loader, meters):
    optimizer = build_optimizer(cfg, model)
    scheduler = build_lr_scheduler(cfg, optimizer)
    run_iterations(model, data_loader, optimizer, scheduler, meters)
