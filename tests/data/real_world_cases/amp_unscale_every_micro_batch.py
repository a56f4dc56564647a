"""`scaler.unscale_` and clipping on every micro-batch, step and update only every n.

Seen in microsoft/Swin-Transformer main_simmim_pt.py and main_simmim_ft.py
(the `ACCUMULATION_STEPS > 1` branch of train_one_epoch): after
`scaler.scale(loss).backward()`, `if config.TRAIN.CLIP_GRAD:
scaler.unscale_(optimizer); clip_grad_norm_(...)` runs on every micro-batch,
while `scaler.step(optimizer); optimizer.zero_grad(); scaler.update()` runs
under `if (idx + 1) % ACCUMULATION_STEPS == 0`. The second micro-batch
unscales the same optimizer again before any update: torch raises
(RULES.md ZG403, at the unscale; DESIGN.md lists this bug).
"""
# expect: ZG403 27:5
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
accumulation_steps = 4
loader = [torch.randn(8, 4) for _ in range(16)]

optimizer.zero_grad()
for idx, samples in enumerate(loader):
    with torch.autocast("cpu"):
        loss = model(samples).pow(2).mean()
    loss = loss / accumulation_steps
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    if (idx + 1) % accumulation_steps == 0:
        scaler.step(optimizer)
        optimizer.zero_grad()
        scaler.update()
