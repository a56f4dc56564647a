# expect: clean
"""The autoencoder's two losses, kept in their own module: a reconstruction loss for the autoencoder (index 0) and a
hinge loss for the critic, which sees the reconstructions detached (index 1)."""

import torch


class ReconstructionWithCritic(torch.nn.Module):
    def __init__(self, critic):
        super().__init__()
        self.critic = critic

    def forward(self, inputs, reconstructions, index):
        if index == 0:
            return (inputs - reconstructions).abs().mean()
        real = torch.relu(1.0 - self.critic(inputs)).mean()
        fake = torch.relu(1.0 + self.critic(reconstructions.detach())).mean()
        return 0.5 * (real + fake)
