# expect: clean
# One model, loader and optimizer for both runs: what the half precision run left in the gradients, still scaled
# (its last micro-batches past the accumulation window), is clipped and stepped by the full precision run.
import torch

from recipes.config import TrainConfig
from recipes.optimizers import LowPrecisionAdamW
from recipes.trainer import train


def test_train_in_each_precision():
    model = torch.nn.Linear(4, 1)
    loader = [torch.randn(8, 4) for _ in range(6)]
    optimizer = LowPrecisionAdamW(model.parameters())
    train(model, loader, optimizer, TrainConfig(use_fp16=True))
    train(model, loader, optimizer, TrainConfig(use_fp16=False))
