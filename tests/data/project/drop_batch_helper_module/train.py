# expect: clean
import torch

from seglib.engine import train_one_epoch
from seglib.logged_engine import train_one_epoch_logged


def main(model, loader, writer, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    criterion = torch.nn.CrossEntropyLoss()
    counter = {"skipped": 0}
    for _ in range(cfg.epochs):
        if cfg.log_grads:
            train_one_epoch_logged(model, loader, optimizer, criterion, writer)
        else:
            train_one_epoch(model, loader, optimizer, criterion, cfg.max_norm, counter)
