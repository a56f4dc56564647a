"""A setting chooses scaled or plain backward; three settings choose clips; the first setting chooses the step.

Between `if cfg.fp16:` around the backward and `if cfg.fp16:` around the step,
three other settings are tested (more than the analysis keeps apart at once
with the guard). The step branches must still agree with the backward
branches: `optimizer.step()` never sees scaled gradients (no ZG402), while
every clip on the scaled path runs before any unscale (ZG401, true: the
threshold applies to scaled gradients). RULES.md, "Correlated conditions":
forgetting tests to stay small must drop the ones whose arms left the same
state, not the one tested longest ago.
"""
# expect: ZG401 30:17
# expect: ZG401 33:17
# expect: ZG401 35:13
import torch


def train(model, loader, optimizer, cfg, accumulation_steps):
    scaler = torch.amp.GradScaler("cpu") if cfg.fp16 else None
    for step, batch in enumerate(loader):
        loss = model(batch).mean() / accumulation_steps
        if cfg.fp16:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if (step + 1) % accumulation_steps != 0 and step != len(loader) - 1:
            continue
        if cfg.fsdp:
            if cfg.clip:
                model.clip_grad_norm_(1.0)
        else:
            if cfg.clip:
                model.clip_grad_norm_(2.0)
        if cfg.log:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if cfg.fp16:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
        optimizer.zero_grad()
