# expect: clean
"""The same loop over the library's own wrapper (installed, not in the tree): its `update_params` clears for
itself (self-managed), and unknown stays silent."""

from mmengine.optim import build_optim_wrapper


def train(model, dataloader, cfg):
    optim_wrapper = build_optim_wrapper(model, cfg.optim_wrapper)
    for epoch in range(cfg.max_epochs):
        for data_batch in dataloader:
            losses = model(data_batch, mode="loss")
            loss = sum(losses.values())
            optim_wrapper.update_params(loss)
