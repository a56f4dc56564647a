"""MAML: query losses added into a list slot per adaptation step; the last slot, averaged, is backpropagated after the clear.

Modelled on MAML-Pytorch's `Meta.forward` (`losses_q[k + 1] += loss_q`, then
`loss_q = losses_q[-1] / task_num`, clear, backward, step): the forwards run in
the task loop, before the clear (RULES.md ZG104, opt-in). An in-place add into
an element changes the list the loss is read from.
"""
# expect: ZG104 19:9
import torch


def meta_step(net, meta_optimizer, tasks, update_steps):
    for epoch in range(10):
        losses_q = [0 for _ in range(update_steps + 1)]
        for x_query, y_query in tasks:
            for k in range(update_steps + 1):
                losses_q[k] += torch.nn.functional.mse_loss(net(x_query), y_query)
        loss_q = losses_q[-1] / len(tasks)
        meta_optimizer.zero_grad()
        loss_q.backward()
        meta_optimizer.step()
