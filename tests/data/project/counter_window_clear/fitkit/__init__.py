# expect: clean
from .model import Model
