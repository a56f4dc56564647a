"""Lightning manual optimisation: manual_backward, then a clear, then the step (no loop needed).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 21:9
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
        self.manual_backward(loss)
        opt.zero_grad()
        opt.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
