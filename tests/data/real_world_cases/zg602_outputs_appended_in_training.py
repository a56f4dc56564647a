"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 19:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

Model outputs (which require grad) appended in the training loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 19:9
import torch


def train(model, loader, opt):
    all_logits = []
    for x, y in loader:
        opt.zero_grad()
        logits = model(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        loss.backward()
        opt.step()
        all_logits.append(logits)
    return torch.cat(all_logits)
