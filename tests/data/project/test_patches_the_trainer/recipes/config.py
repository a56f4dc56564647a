# expect: clean
from dataclasses import dataclass


@dataclass
class TrainConfig:
    epochs: int = 1
    lr: float = 1e-3


def update_config(config, **kwargs):
    for key, value in kwargs.items():
        if hasattr(config, key):
            setattr(config, key, value)
