# expect: clean
"""The model the script imports from its own folder; `init_hidden` returns a new tensor, no forward pass."""

import torch
import torch.nn as nn


class SampleRNN(nn.Module):
    def __init__(self, hidden_size=16):
        super().__init__()
        self.hidden_size = hidden_size
        self.cell = nn.GRUCell(2, hidden_size)
        self.out = nn.Linear(hidden_size, 2)

    def forward(self, x, hidden):
        hidden = self.cell(x, hidden)
        return self.out(hidden), hidden

    def init_hidden(self, batch_size=1):
        return torch.zeros(batch_size, self.hidden_size)
