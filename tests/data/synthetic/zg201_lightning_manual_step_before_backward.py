"""Lightning manual optimisation: opt.step() before self.manual_backward(loss).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 21:9
import lightning.pytorch as pl
import torch


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        opt.step()
        self.manual_backward(loss)
