# expect: ZG302 18:14
# expect: ZG301 25:14
"""A test's measurement of one step: the gradients are cleared to None, the trainer's method of trainer.py runs the
forward and the backward, and the gradients are copied. The read follows that backward: only ZG302's (opt-in) question
is left, not ZG301's. The twin below copies them before the trainer's step: None, ZG301."""

import torch

from trainer import Trainer


def measure_step(model, loss_fn, tokens, labels):
    trainer = Trainer(model, loss_fn)
    model.zero_grad(set_to_none=True)
    torch.cuda.reset_peak_memory_stats()
    loss = trainer.forward_backward_step(tokens, labels)
    peak = torch.cuda.max_memory_allocated()
    grads = [param.grad.detach().clone() for param in model.parameters()]
    return loss.detach(), grads, peak


def measure_before_the_step(model, loss_fn, tokens, labels):
    trainer = Trainer(model, loss_fn)
    model.zero_grad(set_to_none=True)
    grads = [param.grad.detach().clone() for param in model.parameters()]
    loss = trainer.forward_backward_step(tokens, labels)
    return loss.detach(), grads
