# expect: clean
"""The tutorial's loop (code-soup Tutorials/ch5/GAN/mnist_gan.py): one GAN step per batch."""

from gan import GAN
from gan_discriminator_never_cleared import UnclearedGAN


def train(loader, epochs: int):
    gan = GAN(64, 784, 2e-4)
    for _ in range(epochs):
        for real, _ in loader:
            gan.step(real)


def train_uncleared(loader, epochs: int):
    gan = UnclearedGAN(64, 784, 2e-4)
    for _ in range(epochs):
        for real, _ in loader:
            gan.step(real)
