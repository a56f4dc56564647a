# expect: ZG501 17:13
"""The count not handed to the loss helper: it divides by its default of 1, so the step applies the sum of
`cfg.grad_accum_steps` micro-batches' gradients."""

import torch

from training.config import TrainConfig
from training.losses import lm_loss


def main(model, loader):
    cfg = TrainConfig()
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        for step, batch in enumerate(loader):
            loss = lm_loss(model, batch)
            loss.backward()
            if (step + 1) % cfg.grad_accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
