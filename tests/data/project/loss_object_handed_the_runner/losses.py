# expect: clean
"""A GAN's losses as a class whose methods are handed the runner and run its models (genforce's runners/losses/, written
here): `d_loss` runs the generator without gradients and the discriminator with them, `g_loss` both."""

import torch
import torch.nn.functional as F


class LogisticGANLoss:
    def __init__(self, runner, r1_gamma: float = 10.0):
        self.r1_gamma = r1_gamma

    def d_loss(self, runner, data):
        G = runner.models["generator"]
        D = runner.models["discriminator"]
        reals = data["image"].requires_grad_(True)
        with torch.no_grad():
            fakes = G(torch.randn(reals.shape[0], G.z_space_dim, device=reals.device))
        real_scores = D(reals)
        fake_scores = D(fakes)
        loss = F.softplus(fake_scores).mean() + F.softplus(-real_scores).mean()
        runner.running_stats.update({"d_loss": loss.item()})
        grad = torch.autograd.grad(real_scores.sum(), reals, create_graph=True)[0]
        return loss + grad.pow(2).sum([1, 2, 3]).mean() * (self.r1_gamma * 0.5)

    def g_loss(self, runner, data):
        G = runner.models["generator"]
        D = runner.models["discriminator"]
        fakes = G(torch.randn(data["image"].shape[0], G.z_space_dim, device=data["image"].device))
        loss = F.softplus(-D(fakes)).mean()
        runner.running_stats.update({"g_loss": loss.item()})
        return loss
