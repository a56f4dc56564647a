"""A test's measurement of one step (torchtitan's test_sac_peak_memory.py shape, written here): the gradients are
cleared to None, then `trainer.forward_backward_step(...)`, a method of a trainer handed as a parameter (its class not
known here), whose name says it runs the backward; the gradients are copied after it. Whether the read can meet a None
is unknown, so only ZG302's (opt-in) question is left, not ZG301's. The twin copies them before that call: ZG301."""
# needs: --extend-select ZG302
# expect: ZG302 16:14
# expect: ZG301 23:14
import torch


def measure_step(trainer, model, tokens, labels):
    model.zero_grad(set_to_none=True)
    torch.cuda.reset_peak_memory_stats()
    loss = trainer.forward_backward_step(tokens, labels)
    peak = torch.cuda.max_memory_allocated()
    grads = [param.grad.detach().clone() for param in model.parameters()]
    return loss.detach(), grads, peak


def measure_before_the_step(trainer, model, tokens, labels):
    model.zero_grad(set_to_none=True)
    torch.cuda.reset_peak_memory_stats()
    grads = [param.grad.detach().clone() for param in model.parameters()]
    loss = trainer.forward_backward_step(tokens, labels)
    return loss.detach(), grads
