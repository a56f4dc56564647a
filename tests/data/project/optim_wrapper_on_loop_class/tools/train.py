# expect: clean
"""The entry point: a model, its optimizer wrapper from core/, and the loop (the step that never clears is
reported in core/optim_wrapper.py)."""

from core import EpochLoop, build_optim_wrapper


def main(model, dataloader, cfg):
    optim_wrapper = build_optim_wrapper(model, cfg.optim)
    loop = EpochLoop(model, dataloader, optim_wrapper, cfg.max_epochs)
    loop.run()
