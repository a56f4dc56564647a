"""A recurrent model's forward run before the clear, its loss backpropagated after it.

The twin of `clean104_clear_after_model_init_hidden.py`: the same runner makes
the zero hidden state with `self.mdl.init_hidden(n)` (no autograd graph), then
runs the forward `self.mdl(tokens, hidden)`, and only then clears with
`self.mdl.zero_grad()` before the loss and its backward: ZG104's Pattern A
(RULES.md: the clear runs after the forward pass and before backward), with
the forward named, not the hidden state.
"""
# expect: ZG104 41:9
import torch
from torch import nn


class TextRNN(nn.Module):
    def __init__(self, vocab=50, size=16):
        super().__init__()
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.rnn = nn.LSTM(size, size)
        self.out = nn.Linear(size, 3)

    def init_hidden(self, batch):
        h0 = torch.zeros(1, batch, self.size)
        return (h0, torch.zeros(1, batch, self.size).to(h0.device))

    def forward(self, tokens, hidden):
        output, hidden = self.rnn(self.embed(tokens), hidden)
        return self.out(output[-1]), hidden


class Runner:
    def __init__(self):
        self.mdl = TextRNN()
        self.optimizer = torch.optim.Adam(self.mdl.parameters(), lr=1e-3)
        self.criterion = nn.CrossEntropyLoss()

    def train_batch(self, tokens, targets):
        hidden = self.mdl.init_hidden(tokens.size(1))
        output, hidden = self.mdl(tokens, hidden)
        self.mdl.zero_grad()
        loss = self.criterion(output, targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train(self, batches):
        for tokens, targets in batches:
            self.train_batch(tokens, targets)


Runner().train([(torch.randint(0, 50, (7, 4)), torch.randint(0, 3, (4,))) for _ in range(3)])
