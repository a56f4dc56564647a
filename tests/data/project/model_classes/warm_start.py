# expect: ZG104 23:9
"""The clear comes after `warm_hidden`, which runs the imported model's encoder (models/recurrent.py): a
forward pass before the clear, ZG104's Pattern A (opt-in)."""

import torch
from torch import nn

from models.recurrent import PairRNN, WordRNN
from utilities import *


class Experiment:
    def __init__(self, paired):
        if paired:
            self.mdl = PairRNN()
        else:
            self.mdl = WordRNN()
        self.optimizer = torch.optim.Adam(self.mdl.parameters(), lr=1e-3)
        self.criterion = nn.CrossEntropyLoss()

    def train_batch(self, prefix, tokens, targets):
        hidden = self.mdl.warm_hidden(prefix)
        self.mdl.zero_grad()
        output, hidden = self.mdl(tokens, hidden)
        loss = self.criterion(output, targets)
        loss.backward()
        self.optimizer.step()
        return accuracy(output, targets)

    def train(self, batches, epochs):
        for _ in range(epochs):
            for prefix, tokens, targets in batches:
                self.train_batch(prefix, tokens, targets)
