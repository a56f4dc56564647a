# expect: clean
"""TTSR's main.py: the initial epochs (`is_init=True`, no schedule) run before the main ones, so when the main
epochs' first `scheduler.step()` runs, the optimizer has already stepped: nothing of the schedule is skipped."""

from trainer import Trainer


def main(args, model, loader):
    t = Trainer(model, loader, args.decay)
    for epoch in range(1, args.num_init_epochs + 1):
        t.train(current_epoch=epoch, is_init=True)
    for epoch in range(1, args.num_epochs + 1):
        t.train(current_epoch=epoch, is_init=False)
