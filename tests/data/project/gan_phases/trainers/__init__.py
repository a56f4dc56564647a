# expect: clean
from trainers.base import PhaseTrainer
from trainers.gan import GANTrainer
