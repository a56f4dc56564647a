"""The twin of diffusion.py: the same runner clears before computing the registry's loss."""
# expect: clean
import torch

from functions.losses import loss_registry


class DiffusionClearedFirst:
    def __init__(self, config, model, betas, num_timesteps):
        self.config = config
        self.model = model
        self.betas = betas
        self.num_timesteps = num_timesteps

    def train(self, loader):
        optimizer = torch.optim.Adam(self.model.parameters(), lr=self.config.lr)
        for x, _ in loader:
            optimizer.zero_grad()
            e = torch.randn_like(x)
            t = torch.randint(low=0, high=self.num_timesteps, size=(x.size(0),))
            loss = loss_registry[self.config.model.type](self.model, x, t, e, self.betas)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.grad_clip)
            optimizer.step()
