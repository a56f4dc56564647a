# expect: clean
from .auto_unit import AutoUnit

__all__ = ["AutoUnit"]
