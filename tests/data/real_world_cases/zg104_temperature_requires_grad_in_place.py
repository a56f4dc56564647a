# expect: ZG104 22:9
"""Toni-SM/skrl's SAC (skrl/agents/torch/sac/sac.py): the entropy coefficient's log is made trainable in place,
`torch.log(...).requires_grad_(True)` in `__init__`, and its loss reads it before the optimizer's clear: reading the
trained leaf runs the forward of that loss, so the clear sits between the forward and the backward (opt-in ZG104)."""

import torch


class EntropyTuning:
    def __init__(self, target_entropy: float, initial: float = 0.2, lr: float = 3e-4):
        self.target_entropy = target_entropy
        self.log_entropy_coefficient = torch.log(torch.ones(1) * initial).requires_grad_(True)
        self.entropy_optimizer = torch.optim.Adam([self.log_entropy_coefficient], lr=lr)
        self.scaler = torch.amp.GradScaler(enabled=False)

    def coefficient(self) -> torch.Tensor:
        return torch.exp(self.log_entropy_coefficient.detach())

    def update(self, log_prob: torch.Tensor) -> float:
        with torch.autocast(device_type="cpu", enabled=False):
            entropy_loss = -(self.log_entropy_coefficient * (log_prob + self.target_entropy).detach()).mean()
        self.entropy_optimizer.zero_grad()
        self.scaler.scale(entropy_loss).backward()
        self.scaler.step(self.entropy_optimizer)
        self.scaler.update()
        return entropy_loss.item()


def train(batches):
    tuning = EntropyTuning(target_entropy=-6.0)
    for log_prob in batches:
        tuning.update(log_prob)
