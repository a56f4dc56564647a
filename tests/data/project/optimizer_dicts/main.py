# expect: clean
"""The loop drives the trainer's two steps; nothing clears the discriminator's optimizer (reported in gan.py)."""

import torch

from gan import GanTrainer


def main(generator, discriminator, cfg, loader):
    trainer = GanTrainer(generator, discriminator, optim_cfg=cfg.optim)
    for epoch in range(cfg.epochs):
        for real in loader:
            fake = generator(torch.randn(real.size(0), cfg.latent))
            trainer.step_discriminator(real, fake)
            trainer.step_generator(fake)
