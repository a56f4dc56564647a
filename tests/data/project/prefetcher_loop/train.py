# expect: clean
"""The entry point of both epochs."""

import torch

from trainer.clean_epoch import train_epoch as clean_train_epoch
from trainer.epoch import train_epoch


def main(model, loader, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    criterion = torch.nn.CrossEntropyLoss()
    epoch_fn = clean_train_epoch if cfg.clean else train_epoch
    for epoch in range(cfg.epochs):
        epoch_fn(model, loader, optimizer, criterion, cfg.device)
