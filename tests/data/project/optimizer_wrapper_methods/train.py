# expect: clean
"""The wrapper's backward, clip and step each batch, and no `zero_grad`: reported on the wrapper's inner step
(nmt/optim/base_optimizer.py)."""

from nmt.optim import build_optimizer


def train(cfg, model, criterion, epoch_itr):
    optimizer = build_optimizer(cfg, model.parameters())
    for epoch in range(cfg.max_epoch):
        for sample in epoch_itr:
            loss, sample_size, logging_output = criterion(model, sample)
            optimizer.backward(loss)
            optimizer.multiply_grads(1.0 / max(sample_size, 1))
            optimizer.clip_grad_norm(cfg.clip_norm)
            optimizer.step()
