# expect: clean
"""The twin of zg104_temperature_requires_grad_in_place.py: the entropy coefficient's optimizer is cleared before its
loss reads the trained leaf (`requires_grad_()` with no argument turns it on too)."""

import torch


class EntropyTuning:
    def __init__(self, target_entropy: float, initial: float = 0.2, lr: float = 3e-4):
        self.target_entropy = target_entropy
        self.log_entropy_coefficient = torch.log(torch.ones(1) * initial).requires_grad_()
        self.entropy_optimizer = torch.optim.Adam([self.log_entropy_coefficient], lr=lr)

    def update(self, log_prob: torch.Tensor) -> float:
        self.entropy_optimizer.zero_grad()
        entropy_loss = -(self.log_entropy_coefficient * (log_prob + self.target_entropy).detach()).mean()
        entropy_loss.backward()
        self.entropy_optimizer.step()
        return entropy_loss.item()


def train(batches):
    tuning = EntropyTuning(target_entropy=-6.0)
    for log_prob in batches:
        tuning.update(log_prob)
