# expect: clean
from .steps import clean_step, model_clearing_step

__all__ = ["clean_step", "model_clearing_step"]
