"""FSDP-style model.clip_grad_norm_ after the step, before the clear at the end.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG203 15:9
import torch


def train(model, loader, optimizer):
    model.train()
    for batch in loader:
        loss = model(**batch).loss
        loss.backward()
        optimizer.step()
        model.clip_grad_norm_(1.0)
        optimizer.zero_grad(set_to_none=True)
