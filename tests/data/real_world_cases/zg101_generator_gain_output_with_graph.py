# expect: ZG101 41:5
# expect: ZG104 34:5
"""clean101_generator_mask_output_without_graph.py's buggy twin: the generator's second output is a learned gain,
`sigmoid(gate(mel))`, computed from its parameters. The discriminator's backward, through `real = wav * gain`, writes
into the generator's gradients, and nothing clears `opt_gen` before its step applies them beside the generator's own
loss (ZG101); the generator's forward feeds the discriminator's loss with its graph, and the discriminator's clear
runs after it (ZG104, opt-in)."""

import torch
from torch import nn


class GatedGenerator(nn.Module):
    def __init__(self, mels=80, hop=256):
        super().__init__()
        self.net = nn.Conv1d(mels, hop, 3, padding=1)
        self.gate = nn.Conv1d(mels, hop, 3, padding=1)

    def forward(self, mel, mel_mask):
        wav = self.net(mel).transpose(1, 2).reshape(mel.shape[0], -1)
        gain = torch.sigmoid(self.gate(mel)).transpose(1, 2).reshape(mel.shape[0], -1)
        return wav * gain, gain


generator = GatedGenerator()
discriminator = nn.Conv1d(1, 1, 15)
opt_gen = torch.optim.AdamW(generator.parameters(), lr=2e-4)
opt_disc = torch.optim.AdamW(discriminator.parameters(), lr=2e-4)
loader = [(torch.randn(2, 80, 10), torch.ones(2, 10), torch.randn(2, 2560)) for _ in range(4)]

for mel, mel_mask, wav in loader:
    fake, fake_gain = generator(mel, mel_mask)
    real = wav[:, :fake.shape[1]] * fake_gain
    opt_disc.zero_grad()
    disc_loss = (1 - discriminator(real[:, None])).relu().mean() + (1 + discriminator(fake.detach()[:, None])).relu().mean()
    disc_loss.backward()
    opt_disc.step()

    gen_loss = (fake - real).abs().mean() - discriminator(fake[:, None]).mean()
    gen_loss.backward()
    opt_gen.step()
    opt_gen.zero_grad()
