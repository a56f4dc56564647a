# expect: clean
from .train import DetectionTrainer
