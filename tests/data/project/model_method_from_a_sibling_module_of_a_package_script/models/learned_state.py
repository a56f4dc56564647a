# expect: clean
"""The twin's model: its first hidden state is a trained parameter that `init_hidden` expands, a forward pass."""

import torch
import torch.nn as nn


class LearnedStateRNN(nn.Module):
    def __init__(self, hidden_size=16):
        super().__init__()
        self.h0 = nn.Parameter(torch.zeros(1, hidden_size))
        self.cell = nn.GRUCell(2, hidden_size)
        self.out = nn.Linear(hidden_size, 2)

    def forward(self, x, hidden):
        hidden = self.cell(x, hidden)
        return self.out(hidden), hidden

    def init_hidden(self, batch_size=1):
        return self.h0.expand(batch_size, -1)
