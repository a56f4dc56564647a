"""One optimizer over generator and discriminator: the clear before the discriminator's turn is not ZG104, the generator's is.

Modelled on GAN-based TTS trainers (StyleTTS2: one optimizer over every
part): `fake = generator(z)`, then a clear, the discriminator's loss from
`fake.detach()` (its forward after the clear), its backward and step; then a
clear, the generator's loss from `fake`, its backward and step. The first
clear follows the generator's forward, but the backward right after it is the
discriminator's; the second clear sits between the forward of the generator's
loss and its backward (RULES.md ZG104, opt-in: only there).
"""
# expect: ZG104 26:9
import torch
import torch.nn.functional as F


def train(generator, discriminator, loader):
    optimizer = torch.optim.AdamW([*generator.parameters(), *discriminator.parameters()], lr=2e-4)
    for real, noise in loader:
        fake = generator(noise)

        optimizer.zero_grad()
        d_loss = (discriminator(fake.detach()) - discriminator(real)).mean()
        d_loss.backward()
        optimizer.step()

        optimizer.zero_grad()
        g_loss = -discriminator(fake).mean() + F.l1_loss(fake, real)
        g_loss.backward()
        optimizer.step()
