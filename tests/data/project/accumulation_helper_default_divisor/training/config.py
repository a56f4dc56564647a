# expect: clean
"""The run's settings, the number of micro-batches per step among them."""

from dataclasses import dataclass


@dataclass
class TrainConfig:
    lr: float = 3e-4
    epochs: int = 10
    grad_accum_steps: int = 4
    max_grad_norm: float = 1.0
