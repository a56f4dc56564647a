# expect: clean
"""Builds the runner and the hook the config asks for; the clipping mistake is reported in runner/hooks.py."""

import torch

from runner import EpochRunner, Fp16OptimizerHook, OptimizerHook, UnscaledFp16OptimizerHook


def build_hook(cfg):
    if not cfg.fp16:
        return OptimizerHook(grad_clip=cfg.grad_clip)
    if cfg.unscale:
        return UnscaledFp16OptimizerHook(grad_clip=cfg.grad_clip)
    return Fp16OptimizerHook(grad_clip=cfg.grad_clip)


def main(cfg, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9, weight_decay=1e-4)
    scaler = torch.amp.GradScaler("cuda") if cfg.fp16 else None
    runner = EpochRunner(model, optimizer, scaler=scaler)
    runner.register_hook(build_hook(cfg))
    runner.run(loader, cfg.max_epochs)
