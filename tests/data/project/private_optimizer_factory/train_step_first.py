# expect: ZG201 18:17
"""The step written before the backward: each physical batch steps with the gradients of the one before it."""

import torch
from opacus.utils.batch_memory_manager import BatchMemoryManager

from privacy import make_private_training


def train(model, loader, cfg):
    privacy_engine, model, optimizer, loader = make_private_training(model, loader, cfg)
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(cfg.epochs):
        with BatchMemoryManager(data_loader=loader, max_physical_batch_size=cfg.max_physical_batch_size, optimizer=optimizer) as memory_safe_loader:
            for images, target in memory_safe_loader:
                optimizer.zero_grad()
                loss = criterion(model(images), target)
                optimizer.step()
                loss.backward()
