# expect: ZG601 43:21
"""A training engine's `train` loops over the epochs calling `init_train_epoch` (which only reads the epoch's learning
rate) and `train_epoch`, which builds the data loader of the training set through its own `_create_data_loader`
(the batch size read from the config by its literal key) and a new `AdamW` over the model built once before the loop:
Adam's moments start empty every epoch (ZG601 at the construction). None of the iteration's calls changes the model,
and the loader is the same data rebuilt, not a new training run."""

import torch
from torch.utils.data import DataLoader


class Engine:
    def __init__(self, config, model, train_dataset, lr_control, final_epoch=10):
        self.config = config
        self._model = model
        self.train_dataset = train_dataset
        self._learning_rate_control = lr_control
        self._learning_rate = 0.0
        self._final_epoch = final_epoch
        self.epoch = 1

    def train(self):
        self.epoch = 1
        while self.epoch <= self._final_epoch:
            self.init_train_epoch()
            self.train_epoch()
            self.epoch += 1

    def init_train_epoch(self):
        self._learning_rate = self._learning_rate_control.get_learning_rate_for_epoch(self.epoch)

    def _create_data_loader(self, dataset):
        batch_size = self.config.int("batch_size", 32)
        return DataLoader(dataset, batch_size=batch_size)

    def _run_step(self, data):
        inputs, targets = data
        return torch.nn.functional.cross_entropy(self._model(inputs), targets)

    def train_epoch(self):
        data_loader = self._create_data_loader(self.train_dataset)
        self._model.train()
        optimizer = torch.optim.AdamW(self._model.parameters(), lr=self._learning_rate)
        for data in data_loader:
            optimizer.zero_grad()
            loss = self._run_step(data)
            loss.backward()
            optimizer.step()
