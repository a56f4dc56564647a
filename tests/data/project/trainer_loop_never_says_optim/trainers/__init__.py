# expect: clean
from trainers.gan_trainer import GANTrainer

__all__ = ["GANTrainer"]
