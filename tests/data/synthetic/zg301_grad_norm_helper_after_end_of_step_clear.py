"""A gradient-norm helper, in the style of many training utilities, that normalises its argument to a list.

Every tenth step the loop clears once more (set_to_none, the default) and then logs the norm: the helper
reads `p.grad` of every parameter with no backward since, and `p.grad.detach()` fails on None.
"""
# expect: ZG301 13:39
import torch
from torch import nn


def global_grad_norm(parameters, norm_type=2.0):
    parameters = [p for p in parameters]
    norms = [torch.linalg.vector_norm(p.grad.detach(), norm_type) for p in parameters]
    return torch.linalg.vector_norm(torch.stack(norms), norm_type)


def train(model, batches, log_every=10):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step, (x, y) in enumerate(batches):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        if step % log_every == 0:
            optimizer.zero_grad()
            print(step, loss.item(), global_grad_norm(model.parameters()).item())


train(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
