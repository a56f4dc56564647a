# expect: ZG101 33:9
"""A trainer that is itself an `nn.Module`: calling it runs its `forward`, which backpropagates the decoder's loss;
`update` steps. `DecoderTrainer` clears after its step; `ForgetfulTrainer`'s `update` never clears, so each step
applies every earlier batch's gradients too (driven by train.py's and forward_train.py's loops)."""

import torch
from torch import nn


class DecoderTrainer(nn.Module):
    def __init__(self, decoder, lr=1e-4):
        super().__init__()
        self.decoder = decoder
        self.optim = torch.optim.AdamW(decoder.parameters(), lr=lr)

    def forward(self, images):
        loss = self.decoder(images)
        if self.training:
            loss.backward()
        return loss.item()

    def update(self):
        torch.nn.utils.clip_grad_norm_(self.decoder.parameters(), 1.0)
        self.optim.step()
        self.optim.zero_grad()


class ForgetfulTrainer(DecoderTrainer):
    """Forgets the clear its base's `update` makes."""

    def update(self):
        torch.nn.utils.clip_grad_norm_(self.decoder.parameters(), 1.0)
        self.optim.step()
