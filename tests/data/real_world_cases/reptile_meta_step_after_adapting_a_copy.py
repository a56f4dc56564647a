"""Reptile: the meta-optimizer is cleared at the top; each task adapts a deep copy in a helper.

Seen in learnables/learn2learn examples/vision/reptile_miniimagenet.py: each
iteration does `opt.zero_grad()` (and presets `p.grad` with zeros), and for
every task deep-copies the model, builds `adapt_opt = Adam(
learner.parameters())` and calls `fast_adapt(batch, learner, adapt_opt, ...)`,
whose inner loop does `adapt_opt.zero_grad(); error.backward();
adapt_opt.step()`; the meta-gradient is written by hand
(`p.grad.data.add_(-1.0, l.data)`) and `opt.step()` ends the iteration. The
helper's backward goes through the copy and feeds `adapt_opt`; `opt` is
cleared every iteration before anything writes its gradients. (The case
writes the meta-gradient with a plain assignment to keep `.grad` reads out.)
"""
# expect: clean
import copy

import torch


def fast_adapt(data, labels, learner, adapt_opt, loss, steps):
    for _ in range(steps):
        adapt_opt.zero_grad()
        error = loss(learner(data), labels)
        error.backward()
        adapt_opt.step()


model = torch.nn.Linear(8, 4)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
loss = torch.nn.CrossEntropyLoss()
tasks = [(torch.randn(10, 8), torch.randint(0, 4, (10,))) for _ in range(5)]

for iteration in range(100):
    opt.zero_grad()
    for data, labels in tasks:
        learner = copy.deepcopy(model)
        adapt_opt = torch.optim.Adam(learner.parameters(), lr=1e-3, betas=(0, 0.999))
        fast_adapt(data, labels, learner, adapt_opt, loss, steps=5)
        for p, fast in zip(model.parameters(), learner.parameters()):
            p.grad = p.data - fast.data
    opt.step()
