# expect: ZG104 16:5
# expect: ZG104 24:5
"""descriptinc/descript-audio-codec scripts/train.py's GAN step: audiotools' `ml.Accelerator` scales the backward
(`accel.backward(loss)`), steps through its GradScaler (`accel.step(opt)`) and updates it (`accel.update()`); each
optimizer is cleared after the forward that builds its loss (correct, but fragile: ZG104, opt-in)."""

import torch
from audiotools import ml


def train_step(accel, generator, discriminator, opt_g, opt_d, signal):
    with accel.autocast():
        fake = generator(signal)
    with accel.autocast():
        disc_loss = (discriminator(fake.detach()) - discriminator(signal)).mean()
    opt_d.zero_grad()
    accel.backward(disc_loss)
    accel.scaler.unscale_(opt_d)
    torch.nn.utils.clip_grad_norm_(discriminator.parameters(), 10.0)
    accel.step(opt_d)

    with accel.autocast():
        gen_loss = -discriminator(fake).mean() + (fake - signal).abs().mean()
    opt_g.zero_grad()
    accel.backward(gen_loss)
    accel.scaler.unscale_(opt_g)
    torch.nn.utils.clip_grad_norm_(generator.parameters(), 1e3)
    accel.step(opt_g)
    accel.update()


def train(generator, discriminator, loader, epochs):
    accel = ml.Accelerator(amp=True)
    opt_g = torch.optim.AdamW(generator.parameters(), lr=1e-4)
    opt_d = torch.optim.AdamW(discriminator.parameters(), lr=1e-4)
    for epoch in range(epochs):
        for signal in loader:
            train_step(accel, generator, discriminator, opt_g, opt_d, signal)
