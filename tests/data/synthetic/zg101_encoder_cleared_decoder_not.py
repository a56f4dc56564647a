"""Two models, one optimizer each; only the encoder is cleared.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:5
import torch
from torch import nn

enc = nn.Linear(8, 4)
dec = nn.Linear(4, 8)
opt_enc = torch.optim.Adam(enc.parameters())
opt_dec = torch.optim.Adam(dec.parameters())

for x in [torch.randn(16, 8) for _ in range(10)]:
    enc.zero_grad()
    loss = ((dec(enc(x)) - x) ** 2).mean()
    loss.backward()
    opt_enc.step()
    opt_dec.step()
