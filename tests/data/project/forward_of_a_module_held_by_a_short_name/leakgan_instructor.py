# expect: clean
"""LeakGAN's pre-training loop: the generator's `pretrain_loss` gives the manager's and the worker's losses, and the
base's `optimize_multi` clears, backpropagates and steps each optimizer in turn."""

import torch

from generator import LeakGANGenerator
from instructor import BasicInstructor


class LeakGANInstructor(BasicInstructor):
    def __init__(self):
        super().__init__()
        self.gen = LeakGANGenerator()
        mana_params, work_params = self.gen.split_params()
        mana_opt = torch.optim.Adam(mana_params, lr=1e-3)
        work_opt = torch.optim.Adam(work_params, lr=1e-3)
        self.gen_opt = [mana_opt, work_opt]

    def pretrain_generator(self, loader):
        for inp, target in loader:
            mana_loss, work_loss = self.gen.pretrain_loss(inp, target)
            self.optimize_multi(self.gen_opt, [mana_loss, work_loss])
