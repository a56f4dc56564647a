# expect: ZG101 13:5
"""The steps of the dataclass trainers' loops (trainer.py): `train_step` never clears, so each step applies every
earlier batch's gradients too (checked alone, this module has no loop: silent)."""

import torch


def train_step(model, optimizer, batch):
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    return loss.detach()


def clearing_step(model, optimizer, batch):
    optimizer.zero_grad()
    inputs, targets = batch
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    return loss.detach()
