"""Each step's loss written into a slot of a preallocated tensor that outlives the loop.

Modelled on open-instruct's reward_modeling.py before the fix that wrapped the
writes in `torch.no_grad()`: `recent = torch.zeros(n)` before the loop, then
`recent[step % n] = loss` after the backward. Storing into a tensor is an
in-place copy: `recent` joins the autograd graph and each write chains onto
the last, so every iteration's graph stays alive (RULES.md ZG602, at the write).
A list slot would only be replaced; `.item()` or `.detach()` keeps no graph.
"""
# expect: ZG602 24:9
import torch
import torch.nn.functional as F


def train(model, optimizer, loader, window):
    recent = torch.zeros(window)
    kept = [0.0] * window
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        kept[step % window] = loss.item()
        recent[step % window] = loss
    return recent.mean().item(), sum(kept) / window
