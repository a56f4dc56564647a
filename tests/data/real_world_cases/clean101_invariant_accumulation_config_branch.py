"""redteam: FAILS on main 61a4738, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG101 19:17 (on main); passes on: precision-flow 17f1a91.

Swin-style: `if config.ACCUM > 1:` accumulates with a guarded step and clear; otherwise clear, backward, step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train_one_epoch(config, model, criterion, loader, optimizer):
    optimizer.zero_grad()
    for idx, (samples, targets) in enumerate(loader):
        if config.TRAIN.ACCUMULATION_STEPS > 1:
            outputs = model(samples)
            loss = criterion(outputs, targets) / config.TRAIN.ACCUMULATION_STEPS
            loss.backward()
            if (idx + 1) % config.TRAIN.ACCUMULATION_STEPS == 0:
                optimizer.step()
                optimizer.zero_grad()
        else:
            optimizer.zero_grad()
            outputs = model(samples)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()
