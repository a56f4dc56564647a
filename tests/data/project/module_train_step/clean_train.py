# expect: clean
"""The twin: the loop leaves the clear to the model's step."""

import torch
from torch.nn.parallel import DistributedDataParallel as DDP

from models import Classifier


def main(cfg, backbone, loader, rank):
    model = DDP(Classifier(backbone, cfg.num_classes).to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    for epoch in range(cfg.epochs):
        for batch in loader:
            model.module.train_step(batch, optimizer)
