# expect: clean
from .mmf_trainer import ClippingTrainer, UnscalingTrainer
