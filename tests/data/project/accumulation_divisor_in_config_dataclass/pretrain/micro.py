# expect: ZG501 22:5
"""The micro-batch helpers: `micro_step` divides the loss by the config's `grad_accum_steps` before its backward;
`micro_step_summed`, a later copy, backpropagates the whole loss, so each step of the caller's accumulation applies
`grad_accum_steps` times the averaged gradient."""

import torch.nn.functional as F


def lm_loss(model, batch):
    logits = model(batch["input_ids"])
    return F.cross_entropy(logits.flatten(0, 1), batch["labels"].flatten())


def micro_step(model, batch, cfg):
    loss = lm_loss(model, batch) / cfg.grad_accum_steps
    loss.backward()
    return loss.detach()


def micro_step_summed(model, batch, cfg):
    loss = lm_loss(model, batch)
    loss.backward()
    return loss.detach()
