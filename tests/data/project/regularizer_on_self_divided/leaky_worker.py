# expect: ZG501 23:13
"""The buggy twin: the penalty kept on `self` is weighted inside its reduction only, never divided by the number of
micro-batches it is summed over: the regularisation's learning rate is `acml_steps` times larger (ZG501)."""

import torch


class LeakyWorker:
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
            self.r1_penalty = (gradients.square().sum(dim=[1, 2, 3]) * self.reg_interval * self.r1_lambda).mean()
            self.r1_penalty.backward()
        self.d_optimizer.step()
