"""A gradient printed per parameter, the `.grad` read inside an f-string.

Shape of rasbt/LLMs-from-scratch ch04.ipynb's `print_gradients`: a forward,
a loss, `loss.backward()`, then for each weight of `model.named_parameters()`
`print(f"{name}: {param.grad.abs().mean().item()}")`. The read is unguarded
(RULES.md ZG302, opt-in). main 31419ba reported it; f40d5b5 (the text
stage blanks strings before asking whether a file has code worth parsing)
blanked the f-string's expression with the string and lost the report: an
f-string's replacement fields are code (`analysis/code_text.py`).
"""
# expect: ZG302 22:50
import torch
from torch import nn


def print_gradients(model, x):
    output = model(x)
    loss = nn.functional.mse_loss(output, torch.zeros_like(output))
    loss.backward()
    for name, param in model.named_parameters():
        if "weight" in name:
            print(f"{name} has gradient mean of {param.grad.abs().mean().item()}")


print_gradients(nn.Sequential(nn.Linear(3, 3), nn.GELU(), nn.Linear(3, 1)), torch.randn(2, 3))
