# expect: clean
"""The run's configuration: a dataclass whose `grad_accum_steps` says how many micro-batches one step sums."""

from dataclasses import dataclass


@dataclass
class TrainConfig:
    lr: float = 3e-4
    grad_accum_steps: int = 8
    max_grad_norm: float = 1.0
    epochs: int = 1
