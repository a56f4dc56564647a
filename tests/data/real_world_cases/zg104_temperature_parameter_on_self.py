# expect: ZG104 22:9
"""thu-ml/tianshou's `AutoAlpha` (and pranz24/pytorch-soft-actor-critic's SAC): the temperature's log is an
`nn.Parameter` kept on `self`, its loss computed from it before the optimizer's clear. Reading the parameter runs the
forward of that loss, so the clear sits between the forward and the backward (opt-in ZG104)."""

import torch


class AutoAlpha(torch.nn.Module):
    def __init__(self, target_entropy, log_alpha=0.0, lr=3e-4):
        super().__init__()
        self._target_entropy = target_entropy
        self._log_alpha = torch.nn.Parameter(torch.tensor(log_alpha))
        self._optim = torch.optim.Adam([self._log_alpha], lr=lr)

    def value(self):
        return self._log_alpha.detach().exp().item()

    def update(self, entropy):
        entropy_deficit = self._target_entropy - entropy
        alpha_loss = -(self._log_alpha * entropy_deficit).mean()
        self._optim.zero_grad()
        alpha_loss.backward()
        self._optim.step()
        return alpha_loss.item()


def train(rollouts):
    alpha = AutoAlpha(target_entropy=-2.0)
    for batch in rollouts:
        alpha.update(batch["entropy"])
