# expect: clean
"""The twin: the same loop class handed the wrapper that clears after its step."""

from core import EpochLoop, build_clearing_optim_wrapper


def main(model, dataloader, cfg):
    optim_wrapper = build_clearing_optim_wrapper(model, cfg.optim)
    loop = EpochLoop(model, dataloader, optim_wrapper, cfg.max_epochs)
    loop.run()
