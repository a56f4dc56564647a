# expect: ZG401 17:13
"""The twin: the AMP branch clips before it unscales, so the threshold meets gradients the model's scaler scaled."""

import torch

from ssl.meta_arch import MetaArch


def do_train(cfg, model, loader):
    model.train()
    optimizer = torch.optim.AdamW(model.parameters())
    fp16_scaler = model.fp16_scaler
    for batch in loader:
        optimizer.zero_grad(set_to_none=True)
        model.forward_backward(batch)
        if fp16_scaler is not None:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 3.0)
            fp16_scaler.unscale_(optimizer)
            fp16_scaler.step(optimizer)
            fp16_scaler.update()
        else:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 3.0)
            optimizer.step()


def main(cfg, loader):
    model = MetaArch(cfg).to(torch.device("cuda"))
    do_train(cfg, model, loader)
