# expect: clean
from .classifier import Classifier
