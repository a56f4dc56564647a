# expect: clean
"""The script: the autoencoder the config names, fitted by Lightning's Trainer."""

import lightning.pytorch as pl

from aekit.models.autoencoder import AutoencodingEngine
from aekit.models.regularized import RegularizedAutoencoder


def main(config, encoder, decoder, loss, loader):
    cls = RegularizedAutoencoder if config.regularized else AutoencodingEngine
    model = cls(encoder, decoder, loss, lr=config.lr, disc_start=config.disc_start)
    pl.Trainer(max_steps=config.max_steps).fit(model, loader)
