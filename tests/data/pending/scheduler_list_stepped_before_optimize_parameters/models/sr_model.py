# expect: clean
"""The model class: its optimizer appended to `self.optimizers`, one scheduler per optimizer appended to
`self.schedulers` in a loop over them, and `optimize_parameters` (clear, loss, backward, step)."""

import torch

from models import lr_scheduler
from models.base_model import BaseModel


class SRModel(BaseModel):
    def __init__(self, opt, net):
        super().__init__(opt)
        self.net = net
        self.optimizer_G = torch.optim.Adam(self.net.parameters(), lr=opt["lr"])
        self.optimizers.append(self.optimizer_G)
        for optimizer in self.optimizers:
            self.schedulers.append(lr_scheduler.MultiStepLR_Restart(optimizer, opt["lr_steps"]))

    def feed_data(self, data):
        self.lq, self.gt = data

    def optimize_parameters(self):
        self.optimizer_G.zero_grad()
        loss = (self.net(self.lq) - self.gt).abs().mean()
        loss.backward()
        self.optimizer_G.step()
        return loss.item()
