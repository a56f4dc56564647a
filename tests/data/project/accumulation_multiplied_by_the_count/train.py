# expect: clean
"""The loop: it steps every `accumulation` iterations, through the trainer and the wrapper of amp_optimizer.py (the
report is the wrapper's backward)."""

import torch

from amp_optimizer import AmpOptimizer
from trainer import Trainer


def main(model, loader, accumulation, grad_clip):
    params = list(model.parameters())
    amp_optimizer = AmpOptimizer(torch.optim.AdamW(params), params, grad_clip, n_gradient_accumulation=accumulation)
    trainer = Trainer(model, amp_optimizer)
    for it, (images, labels) in enumerate(loader):
        stepping = (it + 1) % accumulation == 0
        trainer.train_step(stepping, images, labels)
