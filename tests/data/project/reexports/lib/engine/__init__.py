# expect: clean
from .steps import *
