"""The twin of `clean101_update_flag_from_a_conditional_expression.py`: the helper steps `if is_update:` but nothing
ever clears, so every step applies again the gradients of every micro-batch since the start.
"""
# expect: ZG101 11:9
import torch


def optimizer_step(loss, optimizer, model, is_update=True):
    loss.backward()
    if is_update:
        optimizer.step()


def train(model, loader, optimizer, grad_acc):
    train_step = 0
    for batch in loader:
        loss = model(batch).mean()
        train_step += 1
        is_update = True if train_step % grad_acc == 0 else False
        optimizer_step(loss / grad_acc, optimizer, model, is_update=is_update)
