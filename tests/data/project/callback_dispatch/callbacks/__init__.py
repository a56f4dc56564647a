# expect: clean
from .grads import GradientClipping, GradNormLogger, LossHistory
