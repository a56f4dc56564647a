# expect: ZG602 24:9
"""CIS-522/course-content's W2D1 notebook (cell 69, fixed in 3704e29 with `.detach()`; cell 76 the same, unfixed),
reduced: after the step the loop computes the loss again, `l = loss_fn(net(x), y)`, a second forward of the model
outside any `torch.no_grad()`, and appends that tensor for the plot: every epoch's graph stays alive (RULES.md ZG602:
a tensor that requires grad because it comes from the model's output). Missed: ZG602 follows the loss given to a
backward (the same assignment reaching both) and the model-derived values on the way to it; the rebound `l` is
neither. What it needs: a model-derived value that no backward takes, kept across the iterations of a training loop
outside `no_grad`, read as carrying its graph (RULES.md's second clause), with a twin that keeps it detached."""

import torch
from torch import nn


def fit(net, x, y, epochs):
    loss_fn = nn.MSELoss()
    optimizer = torch.optim.SGD(net.parameters(), lr=1e-2)
    losses = []
    for epoch in range(epochs):
        l = loss_fn(net(x), y)
        l.backward()
        optimizer.step()
        optimizer.zero_grad()
        l = loss_fn(net(x), y)
        losses.append(l)
    return losses
