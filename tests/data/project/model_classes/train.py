# expect: clean
"""The model classes live in models/recurrent.py: `init_hidden` there makes zeros with no graph, so the clear
after it still comes before the forward pass (the conventional order, not ZG104's Pattern A).

Shape of vanzytay/pytorch_sentiment_rnn's `train_batch`: the model is one of two imported classes, chosen by a
flag, and the script star-imports its utilities. Reading neither class's `init_hidden`, the analysis took the
call for the forward pass and reported ZG104 at the clear.
"""

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

    def train_batch(self, tokens, targets):
        hidden = self.mdl.init_hidden(tokens.size(1))
        self.mdl.zero_grad()
        output, hidden = self.mdl(tokens, hidden)
        loss = self.criterion(output, targets)
        loss.backward()
        self.optimizer.step()
        return accuracy(output, targets)

    def train(self, batches, epochs):
        for _ in range(epochs):
            for tokens, targets in batches:
                self.train_batch(tokens, targets)
