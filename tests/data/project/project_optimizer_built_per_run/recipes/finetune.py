# expect: clean
import torch
import torch.optim as optim

from recipes.config import TrainConfig, update_config
from recipes.optimizers import LowPrecisionAdamW
from recipes.trainer import train


def main(**kwargs):
    config = TrainConfig()
    update_config(config, **kwargs)
    model = torch.nn.Linear(4, 1)
    loader = [torch.randn(8, 4) for _ in range(8)]
    if config.low_precision:
        optimizer = LowPrecisionAdamW(model.parameters())
    else:
        optimizer = optim.AdamW(model.parameters())
    train(model, loader, optimizer, config)


if __name__ == "__main__":
    main()
