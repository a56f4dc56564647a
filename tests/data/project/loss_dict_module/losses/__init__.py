# expect: clean
from .detection import detection_losses
