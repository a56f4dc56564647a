# expect: clean
"""A game's script (egg/zoo/channel/train.py): builds the optimizer and the early stopper, hands both to the trainer
and trains."""

import torch

from core.stopping import EarlyStopper
from core.trainer import Trainer


def main(game, train_loader, test_loader, opts):
    optimizer = torch.optim.Adam(game.parameters(), lr=opts.lr)
    early_stopper = EarlyStopper(opts.early_stopping_thr)
    trainer = Trainer(game, optimizer, train_loader, test_loader, early_stopping=early_stopper)
    trainer.train(n_epochs=opts.n_epochs)
