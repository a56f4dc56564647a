# expect: ZG602 22:17
"""The same loop keeping each batch's loss tensor for the epoch's mean: every physical batch's graph stays alive
until the epoch ends."""

import torch
from opacus.utils.batch_memory_manager import BatchMemoryManager

from privacy import make_private_training


def train(model, loader, cfg):
    privacy_engine, model, optimizer, loader = make_private_training(model, loader, cfg)
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(cfg.epochs):
        losses = []
        with BatchMemoryManager(data_loader=loader, max_physical_batch_size=cfg.max_physical_batch_size, optimizer=optimizer) as memory_safe_loader:
            for images, target in memory_safe_loader:
                optimizer.zero_grad()
                loss = criterion(model(images), target)
                loss.backward()
                optimizer.step()
                losses.append(loss)
        epsilon = privacy_engine.get_epsilon(cfg.delta)
        print(f"epoch {epoch}: loss {torch.stack(losses).mean().item():.4f}, epsilon {epsilon:.2f}")
