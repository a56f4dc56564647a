# expect: clean
import torch

from pretrain.config import TrainConfig
from pretrain.loop import train, train_summed


def main(model, loader, summed=False):
    cfg = TrainConfig()
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for _ in range(cfg.epochs):
        (train_summed if summed else train)(model, loader, optimizer, cfg)
