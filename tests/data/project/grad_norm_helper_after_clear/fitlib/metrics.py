# expect: ZG301 12:22
"""The project's metrics helpers. `grad_norm` reads every parameter's `.grad` with no test for None: called by
fitlib/trainer.py after the clear (`set_to_none` by default), every `.grad` is None and it raises. `safe_grad_norm`
skips the missing ones."""

import torch


def grad_norm(model):
    norms = []
    for p in model.parameters():
        norms.append(p.grad.detach().norm(2))
    return torch.norm(torch.stack(norms), 2)


def safe_grad_norm(model):
    norms = [p.grad.detach().norm(2) for p in model.parameters() if p.grad is not None]
    return torch.norm(torch.stack(norms), 2) if norms else torch.zeros(())
