"""A gradient printed per parameter inside an f-string, the read guarded by a test for None.

The twin of `zg302_grad_read_inside_fstring.py`: the same logger of each
weight's mean gradient after `loss.backward()`, with `param.grad is not None`
in the test that chooses the parameters to print (RULES.md ZG302: a guard that
`p.grad is not None`). The f-string's field is code that the gate lets
through; the read in it is guarded, so nothing is reported.
"""
# expect: clean
import torch
from torch import nn


def print_gradients(model, x):
    output = model(x)
    loss = nn.functional.mse_loss(output, torch.zeros_like(output))
    loss.backward()
    for name, param in model.named_parameters():
        if "weight" in name and param.grad is not None:
            print(f"{name} has gradient mean of {param.grad.abs().mean().item()}")


print_gradients(nn.Sequential(nn.Linear(3, 3), nn.GELU(), nn.Linear(3, 1)), torch.randn(2, 3))
