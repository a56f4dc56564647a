# expect: clean
from .clearing_wrapper import build_clearing_optim_wrapper
from .loops import EpochLoop, SwappingLoop
from .optim_wrapper import OptimWrapper, build_optim_wrapper
