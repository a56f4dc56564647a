# expect: clean
"""The twin's loop: the same, through the fixed wrapper of amp_optimizer_fixed.py."""

import torch

from amp_optimizer_fixed import AmpOptimizer
from trainer import Trainer


def main(model, loader, accumulation, grad_clip):
    params = list(model.parameters())
    amp_optimizer = AmpOptimizer(torch.optim.AdamW(params), params, grad_clip, n_gradient_accumulation=accumulation)
    trainer = Trainer(model, amp_optimizer)
    for it, (images, labels) in enumerate(loader):
        stepping = (it + 1) % accumulation == 0
        trainer.train_step(stepping, images, labels)
