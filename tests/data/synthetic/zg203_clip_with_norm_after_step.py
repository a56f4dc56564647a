"""clip_grads_with_norm_ after the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 18:9
import torch
from torch.nn.utils import clip_grads_with_norm_, get_total_norm


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        grads = [p.grad for p in model.parameters() if p.grad is not None]
        total = get_total_norm(grads)
        opt.step()
        clip_grads_with_norm_(model.parameters(), 1.0, total)
