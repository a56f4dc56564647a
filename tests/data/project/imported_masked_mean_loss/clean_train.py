# expect: clean
"""The twin: the helper divides the masked mean by the number of micro-batches it is handed."""

import torch

from finetune.loss import scaled_masked_loss


def train(model, loader, micro_batches=2, steps=3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(micro_batches):
            x, y, mask = next(loader)
            mb_loss = scaled_masked_loss(model(x), y, mask, micro_batches)
            mb_loss.backward()
        optimizer.step()
