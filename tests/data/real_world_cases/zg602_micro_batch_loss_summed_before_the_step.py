# expect: ZG602 29:13
"""The one-file shape of project/loss_summed_over_micro_batches/ (lucidrains/lightweight-gan's `Trainer.train`): one
discriminator update backpropagates `accumulate_every` micro-batches, then steps once; the hinge loss of each is added
undetached into `total_disc_loss`, read with `.item()` after the loop. The loop of micro-batches trains (a backward in
its body, the step after it: RULES.md's accumulation), and what it adds up keeps each micro-batch's graph alive until
the update ends. The discriminator runs as `self.D`, the optimizer built from `__init__`'s parameter `D`."""

import torch


class Trainer:
    def __init__(self, D, G, accumulate_every=4, lr=2e-4):
        self.D = D
        self.G = G
        self.D_opt = torch.optim.Adam(D.parameters(), lr=lr)
        self.D_scaler = torch.cuda.amp.GradScaler()
        self.accumulate_every = accumulate_every

    def train(self, loader, latent_dim=16):
        total_disc_loss = torch.zeros([])
        self.D_opt.zero_grad()
        for _ in range(self.accumulate_every):
            real = next(loader)
            with torch.no_grad():
                fake = self.G(torch.randn(real.shape[0], latent_dim))
            divergence = (torch.relu(1 + self.D(real)) + torch.relu(1 - self.D(fake))).mean()
            disc_loss = divergence / self.accumulate_every
            self.D_scaler.scale(disc_loss).backward()
            total_disc_loss += divergence
        self.D_scaler.step(self.D_opt)
        self.D_scaler.update()
        return float(total_disc_loss.item() / self.accumulate_every)
