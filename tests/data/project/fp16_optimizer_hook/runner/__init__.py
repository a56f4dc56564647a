# expect: clean
from .epoch_runner import EpochRunner
from .hooks import Fp16OptimizerHook, Hook, OptimizerHook, UnscaledFp16OptimizerHook
