# expect: clean
"""The twin: the loop clears the discriminator's optimizer, through the trainer, before its backward."""

import torch

from gan import GanTrainer


def main(generator, discriminator, cfg, loader):
    trainer = GanTrainer(generator, discriminator, optim_cfg=cfg.optim)
    for epoch in range(cfg.epochs):
        for real in loader:
            fake = generator(torch.randn(real.size(0), cfg.latent))
            trainer.clear_discriminator()
            trainer.step_discriminator(real, fake)
            trainer.step_generator(fake)
