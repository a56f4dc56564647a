"""Runnable, correct: encoder and decoder cleared one after the other, one optimizer over both.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import itertools

import torch
from torch import nn

torch.manual_seed(0)
enc = nn.Linear(8, 4)
dec = nn.Linear(4, 8)
opt = torch.optim.Adam(itertools.chain(enc.parameters(), dec.parameters()), lr=1e-3)
for _ in range(4):
    enc.zero_grad()
    dec.zero_grad()
    x = torch.randn(6, 8)
    ((dec(enc(x)) - x) ** 2).mean().backward()
    opt.step()
