"""Two modules cleared one after the other, one optimizer over both (different parameters).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import itertools

import torch
from torch import nn

enc = nn.Linear(8, 4)
dec = nn.Linear(4, 8)
opt = torch.optim.Adam(itertools.chain(enc.parameters(), dec.parameters()))

for x in [torch.randn(16, 8) for _ in range(10)]:
    enc.zero_grad()
    dec.zero_grad()
    loss = ((dec(enc(x)) - x) ** 2).mean()
    loss.backward()
    opt.step()
