"""Each parameter's gradient copied after a backward, with no test of the gradient.

The twin of `clean302_grads_copied_under_an_isinstance_test.py` without its
`isinstance(p.grad, torch.Tensor)` test: a parameter the forward does not use
has no gradient, and `.detach()` raises on its None (RULES.md ZG302, opt-in).
"""
# expect: ZG302 17:9


def run_forward_backward(model, batch):
    model.zero_grad(set_to_none=True)
    inputs = batch.clone().detach().requires_grad_(True)
    out = model(inputs).sum()
    out.backward()
    input_grad = inputs.grad.detach().clone()
    parameter_grads = [
        p.grad.detach().clone()
        for p in model.parameters()
    ]
    return out.detach(), input_grad, parameter_grads
