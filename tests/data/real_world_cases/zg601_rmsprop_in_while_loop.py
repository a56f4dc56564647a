"""redteam: FAILS on main 61a4738, precision-flow 1550d83, precision-roles f58db55: expected ZG601 17:21, got clean (on main); passes on: new-rules e056009, runtime 763d6f4.

RMSprop constructed inside a while loop that steps it.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG601 17:21
import torch
from torch import nn, optim

policy = nn.Linear(4, 2)


def train(env_batches, max_updates):
    updates = 0
    while updates < max_updates:
        optimizer = optim.RMSprop(policy.parameters(), lr=7e-4)
        optimizer.zero_grad()
        states, targets = next(env_batches)
        loss = nn.functional.mse_loss(policy(states), targets)
        loss.backward()
        optimizer.step()
        updates += 1
