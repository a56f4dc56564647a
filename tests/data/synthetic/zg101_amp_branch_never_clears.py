"""The clear exists only in the non-AMP branch of an invariant `if use_amp:`.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 17:13
import torch


def train(model, loader, criterion, use_amp=True):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    for x, y in loader:
        if use_amp:
            with torch.autocast("cuda"):
                loss = criterion(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        else:
            opt.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            opt.step()
