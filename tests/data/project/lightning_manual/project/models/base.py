# expect: clean
"""A LightningModule with manual optimisation: the base class owns `training_step` (clear, the subclass's loss,
`self.manual_backward`) and leaves the update to the subclass's `update(opt)`."""

import lightning.pytorch as pl
import torch


class ManualModule(pl.LightningModule):
    def __init__(self, lr=1e-3, clip=1.0):
        super().__init__()
        self.save_hyperparameters()
        self.automatic_optimization = False

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        loss = self.compute_loss(batch)
        self.manual_backward(loss)
        self.update(opt)
        self.log("train/loss", loss.detach())
        return loss.detach()

    def compute_loss(self, batch):
        raise NotImplementedError

    def update(self, opt):
        opt.step()
