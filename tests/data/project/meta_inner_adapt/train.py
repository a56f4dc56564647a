# expect: clean
"""The outer loop (first-order MAML): for each meta-batch, every task adapts its own copy (meta/adapt.py), whose query
loss's gradients are added into the model's; the outer optimizer, built once, applies their sum."""

import torch

from meta.adapt import accumulate_first_order, adapt


def main(model, task_sampler, meta_steps, tasks_per_batch, inner_steps):
    outer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(meta_steps):
        outer.zero_grad()
        for task in task_sampler.sample(tasks_per_batch):
            fast = adapt(model, task.support, inner_steps, lr=0.01)
            query_inputs, query_targets = task.query
            loss = torch.nn.functional.cross_entropy(fast(query_inputs), query_targets)
            loss.backward()
            accumulate_first_order(model, fast)
        outer.step()
