# expect: clean
"""The wrapper that never clears handed to a loop whose class may swap it later (`SwappingLoop.use`): the loop's
`self.optim_wrapper` is assigned twice, so which wrapper it steps is not known, and unknown stays silent."""

from core import SwappingLoop, build_clearing_optim_wrapper, build_optim_wrapper


def main(model, dataloader, cfg):
    optim_wrapper = build_optim_wrapper(model, cfg.optim)
    loop = SwappingLoop(model, dataloader, optim_wrapper, cfg.max_epochs)
    loop.use(build_clearing_optim_wrapper(model, cfg.optim))
    loop.run()
