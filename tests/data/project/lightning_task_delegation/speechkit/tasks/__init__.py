# expect: clean
from .base import Task
from .segmentation import Segmentation
from .embedding import Embedding
