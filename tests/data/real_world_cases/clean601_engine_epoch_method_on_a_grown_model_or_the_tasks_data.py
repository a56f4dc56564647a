# expect: clean
"""The engine of zg601_optimizer_built_in_the_engines_epoch_method.py where a fresh optimizer is the point: one engine
grows the model at the start of each epoch through its own helper (`self._grow()` calls `self._model.grow()`), the
other builds each iteration's loader from the task the loop hands it and from what an object that keeps state picks
(`self.sampler.sample()`) or the next chunk of a stream (`self.get_next_loader(stream)`): each iteration trains another
model or on data of its own, and a new optimizer is no slip."""

import torch
from torch.utils.data import DataLoader


class GrowingEngine:
    def __init__(self, model, train_dataset, epochs=10):
        self._model = model
        self.train_dataset = train_dataset
        self.epochs = epochs
        self.epoch = 0

    def train(self):
        while self.epoch < self.epochs:
            self._grow()
            self.train_epoch()
            self.epoch += 1

    def _grow(self):
        self._model.grow()

    def _create_data_loader(self, dataset):
        return DataLoader(dataset, batch_size=32)

    def train_epoch(self):
        optimizer = torch.optim.Adam(self._model.parameters(), lr=1e-3)
        for inputs, targets in self._create_data_loader(self.train_dataset):
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(self._model(inputs), targets).backward()
            optimizer.step()


class TaskEngine:
    def __init__(self, model, tasks, sampler):
        self._model = model
        self.tasks = tasks
        self.sampler = sampler

    def _create_data_loader(self, dataset):
        return DataLoader(dataset, batch_size=32)

    def train(self):
        for task in self.tasks:
            loader = self._create_data_loader(task)
            optimizer = torch.optim.Adam(self._model.parameters(), lr=1e-3)
            for inputs, targets in loader:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(self._model(inputs), targets).backward()
                optimizer.step()

    def train_sampled(self, rounds=5):
        for _ in range(rounds):
            loader = self._create_data_loader(self.sampler.sample())
            optimizer = torch.optim.Adam(self._model.parameters(), lr=1e-3)
            for inputs, targets in loader:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(self._model(inputs), targets).backward()
                optimizer.step()

    def get_next_loader(self, stream):
        return DataLoader(stream.next_chunk(), batch_size=32)

    def train_stream(self, stream, rounds=5):
        for _ in range(rounds):
            loader = self.get_next_loader(stream)
            optimizer = torch.optim.Adam(self._model.parameters(), lr=1e-3)
            for inputs, targets in loader:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(self._model(inputs), targets).backward()
                optimizer.step()
