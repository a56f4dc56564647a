# expect: clean
import lightning.pytorch as pl

from audiokit.warm_wrapper import WarmAutoencoderTrainingWrapper
from audiokit.wrapper import AutoencoderTrainingWrapper


def main(autoencoder, discriminator, configs, loader, warm):
    cls = WarmAutoencoderTrainingWrapper if warm else AutoencoderTrainingWrapper
    pl.Trainer(max_steps=100_000).fit(cls(autoencoder, discriminator, configs), loader)
