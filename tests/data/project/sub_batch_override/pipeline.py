# expect: clean
"""The pipeline: a model, an optimizer and the training loop the configuration names."""

import torch

from kgekit.training import LCWATrainingLoop, SLCWATrainingLoop


def pipeline(model, loader, negative_sampler, config):
    optimizer = torch.optim.Adagrad(model.parameters(), lr=config.lr)
    if config.training_loop == "lcwa":
        loop = LCWATrainingLoop(model, optimizer, label_smoothing=config.label_smoothing)
    else:
        loop = SLCWATrainingLoop(model, optimizer, negative_sampler, clip_norm=config.clip_norm)
    return loop.train(loader, config.num_epochs, sub_batch_size=config.sub_batch_size)
