"""A scaled branch and a plain branch chosen by a setting, each with its own accumulation guard and a clip chosen by another setting.

Modelled on llama-recipes' train_utils.py: the loop never assigns `cfg.fp16`,
so the scaled gradients of the first branch never reach the second branch's
clip or step. Five tests (the setting, two guards, two nested settings) are
more than the analysis keeps apart at once: it must forget tests whose arms
left the same state (`if cfg.fsdp: clip A else: clip B`), not the setting
that chose the branch (RULES.md, "Correlated conditions").
"""
# expect: clean
import torch


def train(model, loader, optimizer, cfg, accumulation_steps):
    scaler = torch.amp.GradScaler("cpu") if cfg.fp16 else None
    for step, batch in enumerate(loader):
        loss = model(batch).mean() / accumulation_steps
        if cfg.fp16:
            scaler.scale(loss).backward()
            if (step + 1) % accumulation_steps == 0 or step == len(loader) - 1:
                if cfg.clip:
                    scaler.unscale_(optimizer)
                    if cfg.fsdp:
                        model.clip_grad_norm_(1.0)
                    else:
                        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad()
        else:
            loss.backward()
            if (step + 1) % accumulation_steps == 0 or step == len(loader) - 1:
                if cfg.clip:
                    if cfg.fsdp:
                        model.clip_grad_norm_(1.0)
                    else:
                        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                optimizer.zero_grad()
