"""A closure bound with functools.partial to a second optimizer clears that optimizer.

Seen in huggingface/pytorch-image-models tests/test_optim.py
(_test_state_dict): `fn_base(optimizer, weight, bias)` clears its
`optimizer` argument, computes a loss and calls backward; `fn_c =
functools.partial(fn_base, optimizer_c, ...)` and the loop calls
`optimizer_c.step(fn_c)`. The closure clears `optimizer_c` (DESIGN.md section
3 pattern 5: closures passed via functools.partial), so there is no ZG101.
"""
# expect: clean
import functools

import torch

w = torch.nn.Parameter(torch.randn(4))
w_c = torch.nn.Parameter(w.detach().clone())


def fn_base(optimizer, weight):
    optimizer.zero_grad()
    loss = weight.pow(2).sum()
    loss.backward()
    return loss


optimizer = torch.optim.SGD([w], lr=0.1)
optimizer_c = torch.optim.SGD([w_c], lr=0.1)
fn = functools.partial(fn_base, optimizer, w)
fn_c = functools.partial(fn_base, optimizer_c, w_c)
for _ in range(20):
    optimizer.step(fn)
    optimizer_c.step(fn_c)
