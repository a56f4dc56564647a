"""A hand-written gradient-norm clip over a model whose attention layer only some configurations use.

Shape of vanzytay/pytorch_sentiment_rnn (upstream issue #6, users hit
`'NoneType' object has no attribute 'data'`): the model builds an attention
layer in `__init__` but its `forward` runs it only when the configured model
type asks for it; `clip_gradient(model, clip)` sums `p.grad.data.norm()` over
`model.parameters()` right after the backward. Without attention those
parameters have no gradient (RULES.md ZG301: a submodule the class's
`forward` does not use on every path). Upstream the model class sits in
models/rnn.py and the helper in train.py (the project read as one program,
issue 26); here both are in one file, where main 6c9436b reports both reads;
the upstream tree is reported ZG302 (opt-in) only.
"""
# expect: ZG301 51:22
# expect: ZG301 64:9
import math

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.score = nn.Linear(size, 1)

    def forward(self, states):
        weights = torch.softmax(self.score(states), dim=0)
        return states * weights


class SentimentRNN(nn.Module):
    def __init__(self, model_type="RNN", size=16):
        super().__init__()
        self.model_type = model_type
        self.embed = nn.Embedding(100, size)
        self.rnn = nn.GRU(size, size)
        self.attention = Attention(size)
        self.decoder = nn.Linear(size, 3)

    def forward(self, tokens):
        output, _ = self.rnn(self.embed(tokens))
        if "ATT" in self.model_type:
            output = self.attention(output)
        return self.decoder(output.mean(0))


def clip_gradient(model, clip):
    total = 0.0
    for p in model.parameters():
        modulenorm = p.grad.data.norm()
        total += modulenorm ** 2
    return min(1.0, clip / (math.sqrt(total) + 1e-6))


model = SentimentRNN()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for tokens, targets in [(torch.randint(0, 100, (7, 4)), torch.randint(0, 3, (4,))) for _ in range(3)]:
    model.zero_grad()
    loss = nn.functional.cross_entropy(model(tokens), targets)
    loss.backward()
    coeff = clip_gradient(model, 1.0)
    for p in model.parameters():
        p.grad.mul_(coeff)
    optimizer.step()
