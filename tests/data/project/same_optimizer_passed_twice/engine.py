# expect: ZG101 28:9
"""One epoch of an ESRGAN-style GAN (Lornatang/ESRGAN-PyTorch train_gan.py's `train`): the generator's phase clears
the generator and steps `g_optimizer`, the discriminator's phase clears the discriminator and steps `d_optimizer`,
through one GradScaler. main.py hands it `g_optimizer` twice (the parent of 0b0c7d4): the second step applies the
generator's gradients again, which the discriminator's clear does not touch."""

import torch


def train_epoch(g_model, d_model, loader, g_optimizer, d_optimizer, scaler, criterion):
    for lr_images, hr_images in loader:
        g_model.zero_grad(set_to_none=True)
        for p in d_model.parameters():
            p.requires_grad = False
        with torch.autocast("cuda"):
            sr = g_model(lr_images)
            g_loss = criterion(sr, hr_images) + d_model(sr).mean()
        scaler.scale(g_loss).backward()
        scaler.step(g_optimizer)
        scaler.update()

        for p in d_model.parameters():
            p.requires_grad = True
        d_model.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            d_loss = d_model(sr.detach()).mean() - d_model(hr_images).mean()
        scaler.scale(d_loss).backward()
        scaler.step(d_optimizer)
        scaler.update()
