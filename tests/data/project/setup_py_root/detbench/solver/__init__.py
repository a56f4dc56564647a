# expect: clean
from .build import make_lr_scheduler, make_optimizer
from .lr_scheduler import WarmupMultiStep
