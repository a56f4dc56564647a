# expect: clean
from .setup import make_private_training

__all__ = ["make_private_training"]
