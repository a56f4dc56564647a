# expect: clean
from .train import SegmentationTrainer
