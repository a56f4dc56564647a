# expect: clean
"""The twin: the scheduler is stepped by the `on_end_epoch` hook, after the epoch's steps."""

import torch.optim as optim
from torch.optim import lr_scheduler

from engine import Engine


def main(model, loader, epochs):
    engine = Engine()

    def on_start(state):
        state["scheduler"] = lr_scheduler.StepLR(state["optimizer"], 20, gamma=0.5)

    engine.hooks["on_start"] = on_start

    def on_end_epoch(state):
        state["scheduler"].step()

    engine.hooks["on_end_epoch"] = on_end_epoch
    engine.train(model, loader, optim.Adam, {"lr": 1e-3}, epochs)
