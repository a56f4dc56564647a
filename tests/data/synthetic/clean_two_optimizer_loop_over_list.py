"""A list of optimizers, each cleared and stepped in loops over the list.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

encoder = nn.Linear(4, 4)
decoder = nn.Linear(4, 4)
optimizers = [torch.optim.Adam(encoder.parameters()), torch.optim.SGD(decoder.parameters(), lr=0.1)]


def train(loader):
    for x in loader:
        for opt in optimizers:
            opt.zero_grad()
        loss = (decoder(encoder(x)) - x).pow(2).mean()
        loss.backward()
        for opt in optimizers:
            opt.step()
