# expect: clean
"""The twin of `zg302_averaged_gradients_copied_into_zipped_parameters_after_the_clear.py`: after the clear each
zipped parameter's gradient is assigned when it is None and copied into otherwise (the read is guarded)."""

import torch


def apply_averaged_gradients(model, optimizer, averaged):
    optimizer.zero_grad()
    for p, g in zip(model.parameters(), averaged):
        if p.grad is None:
            p.grad = g.clone()
        else:
            p.grad.copy_(g)
    optimizer.step()
