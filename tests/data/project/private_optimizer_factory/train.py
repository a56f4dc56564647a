# expect: clean
"""The private training loop: physical batches bounded by the memory manager, one clear, backward and step each
(the private optimizer skips the step and keeps the per-sample gradients until a logical batch is complete)."""

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
                losses.append(loss.item())
        epsilon = privacy_engine.get_epsilon(cfg.delta)
        print(f"epoch {epoch}: loss {sum(losses) / len(losses):.4f}, epsilon {epsilon:.2f}")
