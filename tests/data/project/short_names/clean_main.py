# expect: clean
"""The twin of main.py: each batch runs the clearing step."""

import engine
import factory


def main(cfg, model, loader):
    opt = factory.build(cfg, model)
    for epoch in range(cfg.epochs):
        for batch in loader:
            engine.clearing_step(model, batch, opt)
