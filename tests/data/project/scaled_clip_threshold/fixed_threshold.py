# expect: clean
"""trainer.py with utils/general.py's `clip_plain`: the threshold as it is, on gradients still scaled."""

import torch

from utils.general import clip_plain


def train(model, loader, max_norm=1.0):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = torch.cuda.amp.GradScaler()
    for batch in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda"):
            loss = model(batch).mean()
        scaler.scale(loss).backward()
        clip_plain(model, max_norm)
        scaler.step(optimizer)
        scaler.update()
