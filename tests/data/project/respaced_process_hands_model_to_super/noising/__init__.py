# expect: clean
from .respaced import RespacedProcess


def build_process(kept_steps):
    return RespacedProcess(kept=kept_steps, scale=0.5)
