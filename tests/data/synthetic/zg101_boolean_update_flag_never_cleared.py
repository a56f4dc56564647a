"""`is_update_step` computed from the counter guards clip and step; nothing clears in the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:13
import torch


def train(model, loader, accum=8):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    opt.zero_grad(set_to_none=True)
    for i, batch in enumerate(loader):
        is_update_step = (i + 1) % accum == 0
        loss = model(batch).mean() / accum
        loss.backward()
        if is_update_step:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
