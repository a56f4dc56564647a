"""The twin: the schedule stepped after the optimizer's step.

Modelled on the manual-optimisation LightningModules of autoencoder projects (Stability-AI/generative-models'
`training_step` over `self.optimizers()`), with the schedules Lightning hands back by `self.lr_schedulers()`.
"""
# expect: clean

import lightning.pytorch as pl
import torch


class Regressor(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1000)
        return [opt], [sched]

    def training_step(self, batch, batch_idx):
        x, y = batch
        opt = self.optimizers()
        sched = self.lr_schedulers()
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        self.manual_backward(loss)
        opt.step()
        sched.step()
