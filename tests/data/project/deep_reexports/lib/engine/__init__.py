# expect: clean
from .loops import run_epoch as fit_epoch
from .loops import run_epoch_unscaled as fit_epoch_unscaled

__all__ = ["fit_epoch", "fit_epoch_unscaled"]
