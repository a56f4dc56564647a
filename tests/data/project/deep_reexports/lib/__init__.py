# expect: clean
"""The package's names: everything its engine exports."""

from .engine import *
