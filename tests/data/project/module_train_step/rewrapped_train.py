# expect: clean
"""The model built, moved, then rewrapped under its own name (`model = DDP(model, ...)`): `model.module` is still the
project's classifier, whose step finds the gradients this loop already cleared (reported in models/classifier.py)."""

import torch
from torch.nn.parallel import DistributedDataParallel as DDP

from models import Classifier


def main(cfg, backbone, loader, rank):
    model = Classifier(backbone, cfg.num_classes)
    model.to(rank)
    model = DDP(model, device_ids=[rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    for epoch in range(cfg.epochs):
        for batch in loader:
            optimizer.zero_grad()
            model.module.train_step(batch, optimizer)
