"""redteam: FAILS on precision-roles f58db55: expected ZG301 14:19, got ZG302 14:19 (on precision-roles); passes on: main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4.

A set_to_none=False clear at the top, then a read before the backward: on the first iteration .grad is None.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 14:19
import torch


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad(set_to_none=False)
        before = [p.grad.clone() for p in model.parameters()]
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        print(len(before))
