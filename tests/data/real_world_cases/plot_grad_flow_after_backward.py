"""The forum's `plot_grad_flow(model.named_parameters())` called after the backward.

Seen in many training scripts copying the PyTorch-forum snippet: `for n, p in
named_parameters: if p.requires_grad and "bias" not in n:
ave_grads.append(p.grad.abs().mean())`, called between `loss.backward()` and
`optimizer.step()`. The collection is the caller's `model.named_parameters()`;
the model (an `nn.Sequential` of layers it all uses) freezes nothing, so no
None shows (RULES.md ZG301): ZG302 only.
"""
# expect: ZG302 21:30
# expect: ZG302 22:30
import torch
from torch import nn


def plot_grad_flow(named_parameters):
    ave_grads, max_grads, layers = [], [], []
    for n, p in named_parameters:
        if p.requires_grad and "bias" not in n:
            layers.append(n)
            ave_grads.append(p.grad.abs().mean().item())
            max_grads.append(p.grad.abs().max().item())
    return layers, ave_grads, max_grads


model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    plot_grad_flow(model.named_parameters())
    optimizer.step()
