# expect: clean
"""main.py's loop in a file whose words name no update rule, only the trainer it drives (which holds them): the
modules it imports are asked all the same, and the discriminator's missing clear is found in gan.py."""

import torch

from gan import GanTrainer


def main(generator, discriminator, cfg, loader):
    trainer = GanTrainer(generator, discriminator, cfg.settings)
    for epoch in range(cfg.epochs):
        for real in loader:
            fake = generator(torch.randn(real.size(0), cfg.latent))
            trainer.step_discriminator(real, fake)
            trainer.step_generator(fake)
