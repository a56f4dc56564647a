"""Vocoder GAN: generator forward and its mel spectrogram, then the discriminators' clear and forwards.

Seen in jik876/hifi-gan train.py: `y_g_hat = generator(x)`,
`y_g_hat_mel = mel_spectrogram(y_g_hat.squeeze(1), ...)` (kept for the
generator's L1 loss later), then `optim_d.zero_grad()`, the discriminators'
forwards on `y_g_hat.detach()`, `loss_disc_all.backward()` and
`optim_d.step()`; then the generator's clear, losses and step. The graph of
the discriminators' loss is built after their clear and reaches the
generator only through `.detach()` (the StarGAN shape of
gan_discriminator_clear_after_detached_generator_forward.py, with a
transform of the generator output in between): RULES.md ZG104 is silent
there. The generator's clear is another matter: `y_g_hat` and
`y_g_hat_mel`, built before it, carry the generator's graph into
`loss_gen_all`, so that clear sits between the generator's forward and its
backward: a true ZG104 (opt-in), which the engine misses (hifi-gan
train.py:141 is not reported).
"""
# expect: ZG104 43:5
import torch
import torch.nn.functional as F

generator = torch.nn.Linear(8, 32)
discriminator = torch.nn.Linear(32, 1)
optim_g = torch.optim.AdamW(generator.parameters())
optim_d = torch.optim.AdamW(discriminator.parameters())


def mel_spectrogram(y):
    return torch.log1p(y.abs())


for x, y in [(torch.randn(4, 8), torch.randn(4, 32)) for _ in range(8)]:
    y_g_hat = generator(x)
    y_g_hat_mel = mel_spectrogram(y_g_hat)

    optim_d.zero_grad()
    d_real = discriminator(y)
    d_fake = discriminator(y_g_hat.detach())
    loss_disc_all = ((1 - d_real) ** 2).mean() + (d_fake**2).mean()
    loss_disc_all.backward()
    optim_d.step()

    optim_g.zero_grad()
    loss_mel = F.l1_loss(mel_spectrogram(y), y_g_hat_mel)
    loss_gen_all = ((1 - discriminator(y_g_hat)) ** 2).mean() + 45 * loss_mel
    loss_gen_all.backward()
    optim_g.step()
