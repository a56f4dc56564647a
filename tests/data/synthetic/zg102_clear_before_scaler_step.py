"""AMP: a clear between the scaled backward and scaler.step(opt).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG102 15:9
import torch


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        optimizer.zero_grad(set_to_none=True)
        scaler.step(optimizer)
        scaler.update()
