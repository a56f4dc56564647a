"""A fine-tuning loop hands its helper `is_update = True if train_step % grad_acc == 0 else False`.

Modelled on microsoft/LoRA's examples/NLG/src/gpt2_ft.py (round 11): the helper backpropagates every micro-batch and
steps and clears only `if is_update:`. The conditional expression is the counter test itself, so the flag is an
accumulation guard, as `is_update = train_step % grad_acc == 0` is (RULES.md ZG101: a clear inside the guard together
with the step).
"""
# expect: clean
import torch


def optimizer_step(loss, optimizer, model, is_update=True):
    loss.backward()
    if is_update:
        optimizer.step()
        optimizer.zero_grad()


def train(model, loader, optimizer, grad_acc):
    train_step = 0
    for batch in loader:
        loss = model(batch).mean()
        train_step += 1
        is_update = True if train_step % grad_acc == 0 else False
        optimizer_step(loss / grad_acc, optimizer, model, is_update=is_update)
