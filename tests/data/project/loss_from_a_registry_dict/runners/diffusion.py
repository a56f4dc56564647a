"""A diffusion runner computes its loss through `loss_registry[config.model.type](model, ...)` of another module,
then clears (round 11, ermongroup/ddim's runners/diffusion.py:160): the clear runs after the forward that builds the
loss and before its backward (RULES.md ZG104, opt-in). Every value of the registry is `noise_estimation_loss`, which
runs the model it is handed (`facts.entry_runs_handed_model`)."""
# expect: ZG104 24:13
import torch

from functions.losses import loss_registry


class Diffusion:
    def __init__(self, config, model, betas, num_timesteps):
        self.config = config
        self.model = model
        self.betas = betas
        self.num_timesteps = num_timesteps

    def train(self, loader):
        optimizer = torch.optim.Adam(self.model.parameters(), lr=self.config.lr)
        for x, _ in loader:
            e = torch.randn_like(x)
            t = torch.randint(low=0, high=self.num_timesteps, size=(x.size(0),))
            loss = loss_registry[self.config.model.type](self.model, x, t, e, self.betas)
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.grad_clip)
            optimizer.step()
