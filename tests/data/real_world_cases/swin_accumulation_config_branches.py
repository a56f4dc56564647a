"""Two branches on a configuration value: accumulating (guarded step then clear) or not.

Seen in microsoft/Swin-Transformer main_simmim_pt.py and main_simmim_ft.py
(train_one_epoch): `if config.TRAIN.ACCUMULATION_STEPS > 1:` divides the
loss, does the scaled backward, unscales and clips, and steps and clears
under `if (idx + 1) % config.TRAIN.ACCUMULATION_STEPS == 0`; the `else:`
branch clears, does the scaled backward, unscales, clips and steps. Nothing in
the loop assigns `config`, so every iteration takes the same branch (RULES.md
"Correlated conditions", issue 10 shape 1): the guarded step never sees the
other branch's step, and the `else:` branch's unscale never follows the
accumulating branch's. The accumulating branch's own `unscale_` runs on every
micro-batch while `update()` runs every n: that one is a true ZG403 (the
second micro-batch raises). The `else:` branch's clear after the forward is
a true ZG104 (opt-in), as in main_simmim_ft.py.
"""
# expect: ZG403 33:13
# expect: ZG104 40:13
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
loader = [torch.randn(8, 4) for _ in range(16)]


def train_one_epoch(config):
    optimizer.zero_grad()
    for idx, samples in enumerate(loader):
        loss = model(samples).pow(2).mean()
        if config.TRAIN.ACCUMULATION_STEPS > 1:
            loss = loss / config.TRAIN.ACCUMULATION_STEPS
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            if (idx + 1) % config.TRAIN.ACCUMULATION_STEPS == 0:
                scaler.step(optimizer)
                optimizer.zero_grad()
                scaler.update()
        else:
            optimizer.zero_grad()
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            scaler.step(optimizer)
            scaler.update()
