# expect: clean
"""A GAN vocoder's step (Mddct/transformer-vocos vocos/train_utils.py's `VocosState.train_step`, written here): the
generator's forward hands back the waveform and the mask of the samples it covers, `(covered > 0).to(torch.float32)`,
a comparison: the mask carries no autograd graph. The discriminator's loss on `wav * mask` and on the detached fake
reaches no generator parameter, so its backward writes nothing into the generator's gradients (no ZG101 at the
generator's step), and the generator's forward before the discriminator's clear feeds that loss through no graph
(no ZG104). Reported on main since the analysis took every element of a model call's result as carrying the model's
graph."""

import torch
from torch import nn


class Generator(nn.Module):
    def __init__(self, mels=80, hop=256):
        super().__init__()
        self.net = nn.Conv1d(mels, hop, 3, padding=1)
        self.hop = hop

    def forward(self, mel, mel_mask):
        frames = self.net(mel) * mel_mask.unsqueeze(1)
        wav = frames.transpose(1, 2).reshape(mel.shape[0], -1)
        covered = mel_mask.repeat_interleave(self.hop, dim=1)
        mask = (covered > 0).to(torch.float32)
        return wav * mask, mask


generator = Generator()
discriminator = nn.Conv1d(1, 1, 15)
opt_gen = torch.optim.AdamW(generator.parameters(), lr=2e-4)
opt_disc = torch.optim.AdamW(discriminator.parameters(), lr=2e-4)
loader = [(torch.randn(2, 80, 10), torch.ones(2, 10), torch.randn(2, 2560)) for _ in range(4)]

for mel, mel_mask, wav in loader:
    fake, fake_mask = generator(mel, mel_mask)
    real = wav[:, :fake.shape[1]] * fake_mask
    opt_disc.zero_grad()
    disc_loss = (1 - discriminator(real[:, None])).relu().mean() + (1 + discriminator(fake.detach()[:, None])).relu().mean()
    disc_loss.backward()
    opt_disc.step()

    gen_loss = (fake - real).abs().mean() - discriminator(fake[:, None]).mean()
    gen_loss.backward()
    opt_gen.step()
    opt_gen.zero_grad()
