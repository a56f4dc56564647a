# expect: clean
"""The script: the configuration names the GAN, and Lightning runs the loop (not visible)."""

import lightning.pytorch as pl

from gan.modules import DCGAN, WGANGP


def main(generator, discriminator, loader, args):
    module = WGANGP(generator, discriminator) if args.loss == "wgan-gp" else DCGAN(generator, discriminator)
    pl.Trainer(max_epochs=args.epochs).fit(module, loader)
