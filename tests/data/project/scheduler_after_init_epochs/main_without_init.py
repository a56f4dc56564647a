# expect: clean
"""The twin without the initial epochs: the first main epoch steps the schedule before any optimizer step (reported in
trainer.py, where the scheduler's step is)."""

from trainer import Trainer


def main(args, model, loader):
    t = Trainer(model, loader, args.decay)
    for epoch in range(1, args.num_epochs + 1):
        t.train(current_epoch=epoch, is_init=False)
