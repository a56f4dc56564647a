# expect: clean
"""The diffusion model (efficientvit's diffusioncore/models/dit.py): its forward returns the loss and, in its info, a
dict of the loss terms for logging, which holds that same loss."""

import torch.nn as nn
import torch.nn.functional as F


class Denoiser(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Linear(dim, dim)

    def forward(self, x, noise):
        loss = F.mse_loss(self.net(x + noise), noise)
        return loss, {"loss_dict": {"loss": loss}}
