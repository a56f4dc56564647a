"""Lightning manual optimisation with toggle_optimizer and two optimizers.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import lightning.pytorch as pl
import torch


class GAN(pl.LightningModule):
    def __init__(self, gen, disc):
        super().__init__()
        self.gen = gen
        self.disc = disc
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        z = torch.randn(batch.size(0), 8)
        self.toggle_optimizer(opt_g)
        opt_g.zero_grad()
        g_loss = -self.disc(self.gen(z)).mean()
        self.manual_backward(g_loss)
        opt_g.step()
        self.untoggle_optimizer(opt_g)
        self.toggle_optimizer(opt_d)
        opt_d.zero_grad()
        d_loss = self.disc(self.gen(z).detach()).mean() - self.disc(batch).mean()
        self.manual_backward(d_loss)
        opt_d.step()
        self.untoggle_optimizer(opt_d)

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.gen.parameters(), lr=1e-4)
        opt_d = torch.optim.Adam(self.disc.parameters(), lr=1e-4)
        return opt_g, opt_d
