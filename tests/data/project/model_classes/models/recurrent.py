# expect: clean
"""Two recurrent classifiers: `init_hidden` makes zeros shaped like a parameter (no autograd graph);
`warm_hidden` runs the encoder over a prefix, so its state carries the model's graph."""

import torch
from torch import nn


class WordRNN(nn.Module):
    def __init__(self, vocab=40, size=8):
        super().__init__()
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.rnn = nn.GRU(size, size)
        self.out = nn.Linear(size, 3)

    def init_hidden(self, batch):
        weight = next(self.parameters()).data
        return weight.new(1, batch, self.size).zero_()

    def warm_hidden(self, prefix):
        _, hidden = self.rnn(self.embed(prefix))
        return hidden

    def forward(self, tokens, hidden):
        output, hidden = self.rnn(self.embed(tokens), hidden)
        return self.out(output[-1]), hidden


class PairRNN(nn.Module):
    def __init__(self, vocab=40, size=8):
        super().__init__()
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.left = nn.LSTM(size, size)
        self.out = nn.Linear(size, 3)

    def init_hidden(self, batch):
        return (torch.zeros(1, batch, self.size), torch.zeros(1, batch, self.size))

    def warm_hidden(self, prefix):
        _, state = self.left(self.embed(prefix))
        return state

    def forward(self, tokens, hidden):
        output, hidden = self.left(self.embed(tokens), hidden)
        return self.out(output[-1]), hidden
