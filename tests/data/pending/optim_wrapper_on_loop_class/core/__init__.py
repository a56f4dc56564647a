# expect: clean
from .loops import EpochLoop
from .optim_wrapper import OptimWrapper, build_optim_wrapper
