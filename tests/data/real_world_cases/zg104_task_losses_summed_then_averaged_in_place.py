"""Meta-learning: task losses summed, the sum averaged in place (`/=`), then clear, backward, step.

Modelled on learn2learn's examples (`iteration_error /= tasks_per_step` before
`opt.zero_grad()`): the model runs in the task loop before the clear (RULES.md
ZG104, opt-in). `meta_loss /= n` changes the same sum: the loss is still the
one the task loop's forwards computed.
"""
# expect: ZG104 19:9
import torch


def meta_train(model, meta_optimizer, batches, tasks):
    for batch in batches:
        meta_loss = 0.0
        for task in range(tasks):
            adapted = model(batch + task)
            meta_loss += adapted.pow(2).mean()
        meta_loss /= tasks
        meta_optimizer.zero_grad()
        meta_loss.backward()
        meta_optimizer.step()
