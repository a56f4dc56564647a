# expect: clean
"""The entry point: a model, its optimizer wrapper built by core/'s factory, and the loop. The wrapper's step,
which never clears, is reported in core/optim_wrapper.py; the loss it divides by a method of its own
(`scale_loss`, read in that module) is no ZG501."""

from core import build_optim_wrapper


def main(model, dataloader, cfg):
    optim_wrapper = build_optim_wrapper(model, cfg.optim)
    for epoch in range(cfg.max_epochs):
        model.train()
        for data_batch in dataloader:
            losses = model(data_batch, mode="loss")
            optim_wrapper.update_params(sum(losses.values()))
