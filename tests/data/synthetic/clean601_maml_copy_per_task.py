"""MAML-style: a deepcopy of the meta-model and its own Adam per task.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import copy

import torch


def adapt(meta_model, tasks, inner_steps):
    adapted = []
    for support_x, support_y in tasks:
        learner = copy.deepcopy(meta_model)
        inner_opt = torch.optim.Adam(learner.parameters(), lr=1e-2)
        for _ in range(inner_steps):
            inner_opt.zero_grad()
            torch.nn.functional.mse_loss(learner(support_x), support_y).backward()
            inner_opt.step()
        adapted.append(learner)
    return adapted
