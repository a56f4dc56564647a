# expect: clean
"""Accumulation over `cfg.grad_accum_steps` micro-batches, the count handed to the loss helper, which divides by it."""

import torch

from training.config import TrainConfig
from training.losses import lm_loss


def main(model, loader):
    cfg = TrainConfig()
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        for step, batch in enumerate(loader):
            loss = lm_loss(model, batch, cfg.grad_accum_steps)
            loss.backward()
            if (step + 1) % cfg.grad_accum_steps == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
                optimizer.step()
                optimizer.zero_grad()
