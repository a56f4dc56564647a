# expect: clean
"""The twin: the loop calls the trainer's step that clears first."""

import torch
from torch.nn.parallel import DistributedDataParallel

from engine import DistributedTrainer


def main(model, loader, epochs, rank):
    model = DistributedDataParallel(model.to(rank), device_ids=[rank])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    trainer = DistributedTrainer(model, optimizer)
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        for batch in loader:
            trainer.clearing_step(batch)
