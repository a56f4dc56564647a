# expect: ZG302 17:9
"""A federated server applies the clients' averaged gradients (the shape of PFLlib's and FedLab's servers): it
clears its optimizer, then copies each averaged gradient into `p.grad` of the parameters zipped with them. The clear
sets every `.grad` to None (set_to_none=True, the default since PyTorch 2.0) and no backward runs before the copy, so
`p.grad.copy_(g)` raises on the first parameter: RULES.md ZG301 wants this read. It is reported as ZG302 (opt-in):
an element of `zip(...)` is a parameter since pend20, but the flow is not asked for a None at a zipped read
(`GradRead.zipped`) until it follows what an inlined engine's own calls do (nanotron's test_zero.py, pending/README.md).
The twin `clean302_averaged_gradients_copied_into_zipped_parameters_after_the_clear.py` assigns when there is none.
"""

import torch


def apply_averaged_gradients(model, optimizer, averaged):
    optimizer.zero_grad()
    for p, g in zip(model.parameters(), averaged):
        p.grad.copy_(g)
    optimizer.step()
