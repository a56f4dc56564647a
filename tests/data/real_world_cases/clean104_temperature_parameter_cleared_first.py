# expect: clean
"""The twin of zg104_temperature_parameter_on_self.py: the temperature's optimizer is cleared before its loss reads
the parameter (d3rlpy's `update_temp` order)."""

import torch


class AutoAlpha(torch.nn.Module):
    def __init__(self, target_entropy, log_alpha=0.0, lr=3e-4):
        super().__init__()
        self._target_entropy = target_entropy
        self._log_alpha = torch.nn.Parameter(torch.tensor(log_alpha))
        self._optim = torch.optim.Adam([self._log_alpha], lr=lr)

    def update(self, entropy):
        self._optim.zero_grad()
        entropy_deficit = self._target_entropy - entropy
        alpha_loss = -(self._log_alpha * entropy_deficit).mean()
        alpha_loss.backward()
        self._optim.step()
        return alpha_loss.item()


def train(rollouts):
    alpha = AutoAlpha(target_entropy=-2.0)
    for batch in rollouts:
        alpha.update(batch["entropy"])
