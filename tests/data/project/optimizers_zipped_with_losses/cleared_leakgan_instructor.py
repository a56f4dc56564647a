# expect: clean
"""The clean twin: both optimizers cleared at the top of the iteration, before the forward, and a helper that only
backpropagates and steps."""

import torch
import torch.nn as nn


class ClearedLeakGANInstructor:
    def __init__(self):
        self.manager = nn.Linear(8, 8)
        self.worker = nn.Linear(8, 8)
        mana_opt = torch.optim.Adam(self.manager.parameters(), lr=1e-3)
        work_opt = torch.optim.Adam(self.worker.parameters(), lr=1e-3)
        self.gen_opt = [mana_opt, work_opt]

    @staticmethod
    def step_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()

    def pretrain_generator(self, loader):
        for inp, target in loader:
            for opt in self.gen_opt:
                opt.zero_grad()
            goal = self.manager(inp)
            out = self.worker(goal.detach() + inp)
            mana_loss = (goal - target).pow(2).mean()
            work_loss = (out - target).pow(2).mean()
            self.step_multi(self.gen_opt, [mana_loss, work_loss])
