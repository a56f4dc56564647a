"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG602 20:9, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

`running = running + loss` across batches of a while loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG602 20:9
import torch


def train(model, batches, opt, n):
    running = torch.zeros(())
    i = 0
    while i < n:
        x, y = batches[i]
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        running = running + loss
        i += 1
    return running
