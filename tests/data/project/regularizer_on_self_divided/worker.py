# expect: clean
"""A GAN library's worker in PyTorch-StudioGAN's shape: the discriminator's lazy R1 regularisation accumulates over
`acml_steps` micro-batches before one step, and the penalty, kept on `self` for logging, is divided by the count in
place (`self.r1_penalty *= interval * weight / acml_steps`) before its backward. Nothing to report: the attribute
the function assigns is followed to its assignments as a name is (it was once taken as built undivided, a false
ZG501)."""

import torch


class Worker:
    def __init__(self, discriminator, d_optimizer, acml_steps, reg_interval, r1_lambda):
        self.discriminator = discriminator
        self.d_optimizer = d_optimizer
        self.acml_steps = acml_steps
        self.reg_interval = reg_interval
        self.r1_lambda = r1_lambda

    def train_discriminator(self, real_basket):
        self.d_optimizer.zero_grad()
        for acml_index in range(self.acml_steps):
            real_images = real_basket[acml_index].requires_grad_(True)
            scores = self.discriminator(real_images)
            (gradients,) = torch.autograd.grad(scores.sum(), real_images, create_graph=True)
            self.r1_penalty = gradients.square().sum(dim=[1, 2, 3]).mean()
            self.r1_penalty *= self.reg_interval * self.r1_lambda / self.acml_steps
            self.r1_penalty.backward()
        self.d_optimizer.step()
