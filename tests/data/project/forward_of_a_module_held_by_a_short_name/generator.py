# expect: clean
"""A text GAN's generator (TextGAN-PyTorch's `LeakGAN_G`, models/LeakGAN_G.py): a module whose manager and worker
are trained by two optimizers, built over the parameter lists `split_params` hands back, and whose
`pretrain_loss` runs both parts and returns one loss for each."""

import torch.nn as nn


class LeakGANGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.manager = nn.Linear(8, 8)
        self.worker = nn.Linear(8, 8)

    def split_params(self):
        return list(self.manager.parameters()), list(self.worker.parameters())

    def pretrain_loss(self, inp, target):
        goal = self.manager(inp)
        out = self.worker(goal.detach() + inp)
        return (goal - target).pow(2).mean(), (out - target).pow(2).mean()
