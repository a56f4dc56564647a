# expect: clean
"""The losses: each runs the networks it needs (the forward pass) and returns the loss to backpropagate."""

import torch
import torch.nn.functional as F


def discriminator_loss(nets, real, noise):
    with torch.no_grad():
        fake = nets.generator(noise)
    real_score = nets.discriminator(real)
    fake_score = nets.discriminator(fake)
    return F.softplus(-real_score).mean() + F.softplus(fake_score).mean()


def generator_loss(nets, noise):
    return F.softplus(-nets.discriminator(nets.generator(noise))).mean()
