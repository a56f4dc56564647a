# expect: ZG602 36:13
"""A GAN trainer in lucidrains/lightweight-gan's shape (lightweight_gan.py): `train` runs one discriminator update of
`accumulate_every` micro-batches, each backpropagated through the GradScaler, the step after the micro-batch loop;
the hinge loss of each micro-batch is added without `.detach()` into `total_disc_loss`, read with `.item()` after the
loop. The running sum keeps each micro-batch's graph alive until the step (by the letter of ZG602, as
torchtune's `running_loss += loss` reset after the step). Missed: the loop around the sum runs backwards only (the
step comes after it), and ZG602 asks the innermost loop around an accumulation to be a training loop (a backward and
a step); with the step inside the loop under an accumulation test the sum is reported."""

import torch


def accumulation_contexts(every):
    for _ in range(every):
        yield


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
        for _ in accumulation_contexts(self.accumulate_every):
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
