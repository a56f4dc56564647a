# expect: ZG102 17:5
"""The discriminator's update of an adversarial fine-tuning, in a helper the Trainer subclass calls: its clear
sits between the backward and the step, so the step sees no gradients. Reported here, on the clear."""

import torch.nn.functional as F


def discriminator_loss(discriminator, real, fake):
    real_logits = discriminator(real)
    fake_logits = discriminator(fake.detach())
    return F.softplus(-real_logits).mean() + F.softplus(fake_logits).mean()


def discriminator_update(discriminator, optimizer, real, fake):
    loss = discriminator_loss(discriminator, real, fake)
    loss.backward()
    optimizer.zero_grad()
    optimizer.step()
    return loss.detach()


def clean_discriminator_update(discriminator, optimizer, real, fake):
    optimizer.zero_grad()
    loss = discriminator_loss(discriminator, real, fake)
    loss.backward()
    optimizer.step()
    return loss.detach()
