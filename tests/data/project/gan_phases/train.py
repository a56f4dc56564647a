# expect: clean
"""Builds the networks and the GAN trainer of trainers/ (the misordered step is reported there)."""

from networks import Discriminator, Generator
from trainers import GANTrainer


def main(loader, cfg):
    trainer = GANTrainer(Generator(cfg.z_dim, cfg.dim), Discriminator(cfg.dim), cfg.z_dim, cfg.epochs)
    trainer.fit(loader)
    return trainer.history
