# expect: ZG301 10:23
"""Gradient statistics for the logger. `grad_norms` reads every parameter's `.grad`; train.py calls it after
`zero_grad(set_to_none=True)`, where every `.grad` is None: reported here, on the read. `present_grad_norms`
skips the parameters without one."""


def grad_norms(model):
    norms = {}
    for name, p in model.named_parameters():
        norms[name] = p.grad.norm().item()
    return norms


def present_grad_norms(model):
    return {name: p.grad.norm().item() for name, p in model.named_parameters() if p.grad is not None}
