"""One loss, two optimizers: the decoder's gradients are clipped after the encoder's step, before the decoder's.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn

encoder = nn.Linear(8, 4)
decoder = nn.Linear(4, 8)
opt_enc = torch.optim.Adam(encoder.parameters())
opt_dec = torch.optim.Adam(decoder.parameters())


def train(loader):
    for x in loader:
        opt_enc.zero_grad()
        opt_dec.zero_grad()
        loss = (decoder(encoder(x)) - x).pow(2).mean()
        loss.backward()
        opt_enc.step()
        nn.utils.clip_grad_norm_(decoder.parameters(), 1.0)
        opt_dec.step()
