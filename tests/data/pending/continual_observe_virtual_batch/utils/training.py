# expect: clean
"""The training loop (mammoth utils/training.py): every task's epochs, one `meta_observe` per batch of a learner
typed by its base class (the optimizer is the learner's own, built by the base)."""

import torch

from models.continual_model import ContinualModel


def train_single_epoch(model: ContinualModel, batches):
    model.begin_epoch()
    for inputs, labels in batches:
        loss = model.meta_observe(inputs, labels)
        print(loss)


def train(model: ContinualModel, n_tasks: int, n_epochs: int):
    for _ in range(n_tasks):
        for _ in range(n_epochs):
            batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(20)]
            train_single_epoch(model, batches)
