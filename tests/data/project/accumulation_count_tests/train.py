# expect: clean
"""The entry point: the torch optimizer wrapped by nmt/optim.py, handed to one of the trainers."""

import torch

from nmt.optim import Optimizer
from nmt.skipping_trainer import SkippingTrainer
from nmt.trainer import Trainer


def main(big_batches, accum_count=2, skipping=False):
    model = torch.nn.Linear(16, 16)
    optim = Optimizer(torch.optim.Adam(model.parameters(), lr=1e-3), max_grad_norm=5.0)
    loss_fn = torch.nn.MSELoss()
    cls = SkippingTrainer if skipping else Trainer
    trainer = cls(model, optim, loss_fn, accum_count=accum_count, trunc_size=4)
    trainer.train(big_batches, steps=100)
