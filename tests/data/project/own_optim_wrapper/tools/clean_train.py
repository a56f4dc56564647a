# expect: clean
"""The twin: the same loop over the wrapper that clears after its step."""

from core import build_clearing_optim_wrapper


def main(model, dataloader, cfg):
    optim_wrapper = build_clearing_optim_wrapper(model, cfg.optim)
    for epoch in range(cfg.max_epochs):
        model.train()
        for data_batch in dataloader:
            losses = model(data_batch, mode="loss")
            optim_wrapper.update_params(sum(losses.values()))
