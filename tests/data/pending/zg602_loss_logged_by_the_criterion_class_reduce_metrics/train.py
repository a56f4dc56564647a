# expect: clean
"""The command line's loop: one trainer step per group of samples, for every epoch."""

from torch import nn

from criterions import build_criterion
from trainer import Trainer


def main(args, epoch_itr):
    model = nn.Linear(args.dim, args.vocab)
    trainer = Trainer(model, build_criterion(args.criterion, args.padding_idx))
    for epoch in range(args.max_epoch):
        for samples in epoch_itr:
            trainer.train_step(samples)
