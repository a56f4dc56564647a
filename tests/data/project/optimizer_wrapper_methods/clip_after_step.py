# expect: ZG203 16:13
"""The wrapper cleared each batch, but clipped after its step: the clip cannot change the update it follows."""

from nmt.optim import build_optimizer


def train(cfg, model, criterion, epoch_itr):
    optimizer = build_optimizer(cfg, model.parameters())
    for epoch in range(cfg.max_epoch):
        for sample in epoch_itr:
            optimizer.zero_grad()
            loss, sample_size, logging_output = criterion(model, sample)
            optimizer.backward(loss)
            optimizer.multiply_grads(1.0 / max(sample_size, 1))
            optimizer.step()
            optimizer.clip_grad_norm(cfg.clip_norm)
