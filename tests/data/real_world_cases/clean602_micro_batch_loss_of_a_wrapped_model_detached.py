"""The twin of zg602_micro_batch_loss_of_a_wrapped_model_held_by_another_object.py that adds each micro-batch's
hinge loss detached (`divergence.detach()`): the running sum keeps no graph, nothing to report."""
# expect: clean
import torch
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class AugWrapper(nn.Module):
    def __init__(self, D):
        super().__init__()
        self.D = D

    def forward(self, images, prob=0.0):
        if prob > 0:
            images = torch.flip(images, dims=(3,))
        return self.D(images)


class GAN(nn.Module):
    def __init__(self, optimizer="adam", lr=2e-4):
        super().__init__()
        self.D = nn.Linear(8, 1)
        self.G = nn.Linear(16, 8)
        if optimizer == "adam":
            self.D_opt = torch.optim.Adam(self.D.parameters(), lr=lr)
        elif optimizer == "rmsprop":
            self.D_opt = torch.optim.RMSprop(self.D.parameters(), lr=lr)
        self.D_aug = AugWrapper(self.D)


class Trainer:
    def __init__(self, accumulate_every=4, is_ddp=False):
        self.GAN = GAN()
        self.is_ddp = is_ddp
        if is_ddp:
            self.D_aug_ddp = DDP(self.GAN.D_aug)
        self.D_scaler = torch.cuda.amp.GradScaler()
        self.accumulate_every = accumulate_every

    def train(self, loader, latent_dim=16):
        total_disc_loss = torch.zeros([])
        D_aug = self.GAN.D_aug if not self.is_ddp else self.D_aug_ddp
        self.GAN.D_opt.zero_grad()
        for _ in range(self.accumulate_every):
            real = next(loader)
            with torch.no_grad():
                fake = self.GAN.G(torch.randn(real.shape[0], latent_dim))
            real_output = D_aug(real, prob=0.5)
            fake_output = D_aug(fake, prob=0.5)
            divergence = (torch.relu(1 + real_output) + torch.relu(1 - fake_output)).mean()
            disc_loss = divergence / self.accumulate_every
            self.D_scaler.scale(disc_loss).backward()
            total_disc_loss += divergence.detach()
        self.D_scaler.step(self.GAN.D_opt)
        self.D_scaler.update()
        return float(total_disc_loss.item() / self.accumulate_every)


def run(loader, steps):
    trainer = Trainer()
    for _ in range(steps):
        trainer.train(loader)
