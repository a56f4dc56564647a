"""Lightning manual optimisation: the clear between the forward and manual_backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG104
# expect: ZG104 21:9
import lightning.pytorch as pl
import torch


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
