# expect: clean
from dataclasses import dataclass


@dataclass
class TrainConfig:
    epochs: int = 1
    accumulation: int = 4
    use_fp16: bool = False
    low_precision: bool = False


def update_config(config, **kwargs):
    for key, value in kwargs.items():
        if hasattr(config, key):
            setattr(config, key, value)
