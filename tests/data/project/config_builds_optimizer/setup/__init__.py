# expect: clean
from .config import TrainConfig
