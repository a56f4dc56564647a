# expect: clean
"""The loops: a micro-batch's forward and backward by pretrain/micro.py, and every `grad_accum_steps` micro-batches the
clip, the step and the clear."""

import torch

from .micro import micro_step, micro_step_summed


def train(model, loader, optimizer, cfg):
    for i, batch in enumerate(loader):
        micro_step(model, batch, cfg)
        if (i + 1) % cfg.grad_accum_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
            optimizer.step()
            optimizer.zero_grad()


def train_summed(model, loader, optimizer, cfg):
    for i, batch in enumerate(loader):
        micro_step_summed(model, batch, cfg)
        if (i + 1) % cfg.grad_accum_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
            optimizer.step()
            optimizer.zero_grad()
