# expect: ZG101 13:5
"""The per-batch steps of the loops of this tree, imported as a module alias (`import engine as E`):
`train_batch` never clears (checked alone, this module has no loop: silent)."""

import torch


def train_batch(model, optimizer, batch):
    inputs, targets = batch
    logits = model(inputs)
    loss = torch.nn.functional.cross_entropy(logits, targets)
    loss.backward()
    optimizer.step()
    return loss.item()


def evaluate(model, batch):
    with torch.no_grad():
        inputs, targets = batch
        return (model(inputs).argmax(-1) == targets).float().mean().item()
