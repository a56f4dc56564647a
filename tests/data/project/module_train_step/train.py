# expect: clean
"""The distributed entry point: the project's model wrapped in DDP, its own `train_step` reached through
`model.module` (reported in models/classifier.py: this loop's clear and the step's own)."""

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from models import Classifier


def main(cfg, backbone, loader):
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    model = DDP(Classifier(backbone, cfg.num_classes).to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9, weight_decay=1e-4)
    for epoch in range(cfg.epochs):
        loader.sampler.set_epoch(epoch)
        model.train()
        for batch in loader:
            optimizer.zero_grad()
            metrics = model.module.train_step(batch, optimizer)
            if rank == 0:
                print(epoch, metrics["loss"].item())
