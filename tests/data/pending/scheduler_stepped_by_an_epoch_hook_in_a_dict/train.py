# expect: ZG204 20:9
"""The script's `on_start_epoch` hook steps the StepLR its `on_start` hook built on the engine's optimizer: at the top
of every epoch, before the batch loop's first step, so the schedule's first value is skipped."""

import torch.optim as optim
from torch.optim import lr_scheduler

from engine import Engine


def main(model, loader, epochs):
    engine = Engine()

    def on_start(state):
        state["scheduler"] = lr_scheduler.StepLR(state["optimizer"], 20, gamma=0.5)

    engine.hooks["on_start"] = on_start

    def on_start_epoch(state):
        state["scheduler"].step()

    engine.hooks["on_start_epoch"] = on_start_epoch
    engine.train(model, loader, optim.Adam, {"lr": 1e-3}, epochs)
