# expect: clean
"""The twin of engine.py as the fix wrote it: the clear right after the step, inside the same condition."""

import torch


def step(it, model, optimizer, loss, accum_steps, max_norm):
    loss = loss / accum_steps
    loss.backward()
    if (it + 1) % accum_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        optimizer.step()
        optimizer.zero_grad()
