"""Meta-learning: inner backwards per task, one meta step after the task loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def meta_train(model, tasks, meta_opt, epochs):
    for epoch in range(epochs):
        meta_opt.zero_grad()
        for support, query in tasks:
            loss = model(query).mean() / len(tasks)
            loss.backward()
        meta_opt.step()
