# expect: clean
from .sgd_update import SGDUpdate
from .template import BaseTemplate


class Naive(SGDUpdate, BaseTemplate):
    """Fine-tuning on each experience in turn: the update mixin's loop with the template's callbacks."""
