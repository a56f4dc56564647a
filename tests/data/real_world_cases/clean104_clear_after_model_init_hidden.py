"""A recurrent model's zero hidden state made before the clear, its forward after it.

Shape of vanzytay/pytorch_sentiment_rnn's `train_batch`: `hidden =
self.mdl.init_hidden(n)` (zeros shaped like a parameter, no graph), then
`self.mdl.zero_grad()`, then `output, hidden = self.mdl(x, hidden)`, the
loss and its backward. The forward runs after the clear, so this is the
conventional order, not ZG104's Pattern A. main 6c9436b named
`init_hidden(...)` as "the forward pass" and reported ZG104 at the clear: a
method of the file whose returns are all new tensors (`new_zeros`) carries no
autograd graph, so calling it runs no forward.
"""
# expect: clean
import torch
from torch import nn


class TextRNN(nn.Module):
    def __init__(self, vocab=50, size=16):
        super().__init__()
        self.size = size
        self.embed = nn.Embedding(vocab, size)
        self.rnn = nn.GRU(size, size)
        self.out = nn.Linear(size, 3)

    def init_hidden(self, batch):
        weight = next(self.parameters()).data
        return weight.new_zeros(1, batch, self.size)

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
        self.mdl.zero_grad()
        output, hidden = self.mdl(tokens, hidden)
        loss = self.criterion(output, targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train(self, batches):
        for tokens, targets in batches:
            self.train_batch(tokens, targets)


Runner().train([(torch.randint(0, 50, (7, 4)), torch.randint(0, 3, (4,))) for _ in range(3)])
