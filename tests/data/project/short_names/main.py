# expect: clean
"""A loop file that calls the object it steps only `opt` (built by factory.py): each batch runs
engine.py's `forgetful_step(model, batch, opt)`, whose missing clear is reported there."""

import engine
import factory


def main(cfg, model, loader):
    opt = factory.build(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            engine.forgetful_step(model, batch, opt)
