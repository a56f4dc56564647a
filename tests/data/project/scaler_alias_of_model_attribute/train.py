# expect: clean
"""The loop reads the model's scaler once, `fp16_scaler = model.fp16_scaler`, and tests it where it steps; the
model's method tests its own `self.fp16_scaler` where it backpropagates: one value, so the scaled backward meets the
scaler's step (unscaled before the clip) and the plain one the plain step."""

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
            fp16_scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 3.0)
            fp16_scaler.step(optimizer)
            fp16_scaler.update()
        else:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 3.0)
            optimizer.step()


def main(cfg, loader):
    model = MetaArch(cfg).to(torch.device("cuda"))
    do_train(cfg, model, loader)
