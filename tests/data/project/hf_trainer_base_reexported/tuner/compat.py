# expect: clean
"""The project's one import of the library's trainer, re-exported for its modules."""

from transformers import Trainer

__all__ = ["Trainer"]
