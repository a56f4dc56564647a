# expect: clean
from .brain import Brain
