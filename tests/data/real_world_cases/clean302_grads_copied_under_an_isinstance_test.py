"""Each parameter's gradient copied after a backward, under an isinstance test of the gradient.

Modelled on torchtitan's activation-checkpointing test (a forward and backward
per model variant, the gradients compared afterwards): `isinstance(p.grad,
torch.Tensor)` is false for a parameter with no gradient (None is an instance
of no tensor class), so it guards the read as `p.grad is not None` would
(RULES.md ZG302). The twin without the test is
`zg302_grads_copied_with_no_isinstance_test.py`.
"""
# expect: clean
import torch


def run_forward_backward(model, batch):
    model.zero_grad(set_to_none=True)
    inputs = batch.clone().detach().requires_grad_(True)
    out = model(inputs).sum()
    out.backward()
    input_grad = inputs.grad.detach().clone()
    parameter_grads = [
        p.grad.detach().clone() if isinstance(p.grad, torch.Tensor) else None
        for p in model.parameters()
    ]
    return out.detach(), input_grad, parameter_grads
