# expect: clean
"""descriptinc/descript-audio-codec scripts/train.py's GAN step: audiotools' `ml.Accelerator` scales the backward
(`accel.backward(loss)`), steps through its GradScaler (`accel.step(opt)`) and updates it (`accel.update()`); the twin
clears both optimizers before the forwards."""

import torch
from audiotools import ml


def train_step(accel, generator, discriminator, opt_g, opt_d, signal):
    opt_d.zero_grad()
    opt_g.zero_grad()
    with accel.autocast():
        fake = generator(signal)
    with accel.autocast():
        disc_loss = (discriminator(fake.detach()) - discriminator(signal)).mean()
    accel.backward(disc_loss)
    accel.scaler.unscale_(opt_d)
    torch.nn.utils.clip_grad_norm_(discriminator.parameters(), 10.0)
    accel.step(opt_d)

    with accel.autocast():
        gen_loss = -discriminator(fake).mean() + (fake - signal).abs().mean()
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
