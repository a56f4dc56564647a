# expect: clean
"""The same loop class handed the library's own wrapper (installed, not in the tree): unknown, silent."""

from mmengine.optim import build_optim_wrapper

from core import EpochLoop


def main(model, dataloader, cfg):
    optim_wrapper = build_optim_wrapper(model, cfg.optim_wrapper)
    loop = EpochLoop(model, dataloader, optim_wrapper, cfg.max_epochs)
    loop.run()
