"""A gradient penalty by torch.autograd.grad (no backward), then the backward and the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(critic, loader, opt, lam=10.0):
    for real, fake in loader:
        opt.zero_grad()
        eps = torch.rand(real.size(0), 1)
        mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
        grads = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)[0]
        penalty = ((grads.norm(2, dim=1) - 1) ** 2).mean()
        loss = critic(fake).mean() - critic(real).mean() + lam * penalty
        loss.backward()
        opt.step()
