# expect: clean
"""The twin of the choice: two trainers that each clear, backpropagate and step once per iteration, split otherwise
between their two methods. `Stepwise` updates in `update` and clears in `end_iteration`, for the next iteration;
`Deferred` clears in `update` and updates in `end_iteration`. Either one alone is right; a path running
`Stepwise.update` then `Deferred.end_iteration` would apply two backwards without a clear between them, but no run mixes
them: train_two_orders.py binds one."""

import torch


class Stepwise:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def update(self, batch):
        self.model(batch).mean().backward()
        self.opt.step()

    def end_iteration(self, batch):
        self.opt.zero_grad()


class Deferred:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def update(self, batch):
        self.opt.zero_grad()

    def end_iteration(self, batch):
        self.model(batch).mean().backward()
        self.opt.step()
