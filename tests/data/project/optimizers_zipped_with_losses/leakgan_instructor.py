# expect: clean
"""LeakGAN's pre-training loop: the generator's forward gives the manager's and the worker's losses, and the base's
`optimize_multi` clears and steps each optimizer of the list in turn."""

import torch
import torch.nn as nn

from instructor import BasicInstructor


class LeakGANInstructor(BasicInstructor):
    def __init__(self):
        super().__init__()
        self.manager = nn.Linear(8, 8)
        self.worker = nn.Linear(8, 8)
        mana_opt = torch.optim.Adam(self.manager.parameters(), lr=1e-3)
        work_opt = torch.optim.Adam(self.worker.parameters(), lr=1e-3)
        self.gen_opt = [mana_opt, work_opt]

    def pretrain_generator(self, loader):
        for inp, target in loader:
            goal = self.manager(inp)
            out = self.worker(goal.detach() + inp)
            mana_loss = (goal - target).pow(2).mean()
            work_loss = (out - target).pow(2).mean()
            self.optimize_multi(self.gen_opt, [mana_loss, work_loss])
