# expect: ZG401 25:5
"""descript-audio-codec's GAN step through audiotools' `ml.Accelerator`, the generator's clip without
`accel.scaler.unscale_(opt_g)` before it: `accel.backward(loss)` is `scaler.scale(loss).backward()`, so under
`amp=True` the threshold applies to scaled gradients (`summaries.AUDIOTOOLS_ACCELERATORS`)."""

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
