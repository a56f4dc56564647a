# expect: clean
"""The clean twin: both optimizers cleared at the top of the iteration, before the generator's forward, and a helper
that only backpropagates and steps."""

import torch

from generator import LeakGANGenerator


class ClearedLeakGANInstructor:
    def __init__(self):
        self.gen = LeakGANGenerator()
        mana_params, work_params = self.gen.split_params()
        self.gen_opt = [torch.optim.Adam(mana_params, lr=1e-3), torch.optim.Adam(work_params, lr=1e-3)]

    @staticmethod
    def step_multi(opts, losses):
        for i, (opt, loss) in enumerate(zip(opts, losses)):
            loss.backward(retain_graph=i < len(opts) - 1)
            opt.step()

    def pretrain_generator(self, loader):
        for inp, target in loader:
            for opt in self.gen_opt:
                opt.zero_grad()
            mana_loss, work_loss = self.gen.pretrain_loss(inp, target)
            self.step_multi(self.gen_opt, [mana_loss, work_loss])
