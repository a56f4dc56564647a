# expect: clean
from gantrain.model import TrainerModel

__all__ = ["TrainerModel"]
