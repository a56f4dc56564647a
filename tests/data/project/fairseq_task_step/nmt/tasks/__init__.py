# expect: clean
from .translation import TranslationTask
