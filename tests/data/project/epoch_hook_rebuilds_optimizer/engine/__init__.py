# expect: clean
from .trainer import Trainer
