"""A set_to_none=False clear at the top, then a read before the backward: on the first iteration .grad is None.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 12:19
import torch


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad(set_to_none=False)
        before = [p.grad.clone() for p in model.parameters()]
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        print(len(before))
