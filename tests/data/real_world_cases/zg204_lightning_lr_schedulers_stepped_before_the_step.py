"""A LightningModule with manual optimisation whose `configure_optimizers` returns its optimizer and a torch schedule
(`return [opt], [sched]`); `training_step` takes the schedule back with `self.lr_schedulers()` and steps it at the top
of the batch, before `opt.step()`: on the first batch the schedule steps before the optimizer's first step, so its
first value is skipped. The schedule's optimizer is read in `configure_optimizers`, at its place in the list.

Modelled on the manual-optimisation LightningModules of autoencoder projects (Stability-AI/generative-models'
`training_step` over `self.optimizers()`), with the schedules Lightning hands back by `self.lr_schedulers()`.
"""
# expect: ZG204 31:9

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
        sched.step()
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        self.manual_backward(loss)
        opt.step()
