# expect: clean
from .classifier import Classifier
from .clean_classifier import CleanClassifier
