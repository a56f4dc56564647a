# expect: clean
"""The batch loops of the first phase and of the others (phases.py): clear, forward (a helper handed the model),
distillation from the reference in the later phases, backward, step."""

import torch
import torch.nn.functional as F

from branches import run_branches


def train_base(model, optimizer, loader, order, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(run_branches(model, x)[:, order], y)
            loss.backward()
            optimizer.step()


def train_phase(model, reference, optimizer, loader, weight, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            logits = run_branches(model, x)
            with torch.no_grad():
                old = reference(x)
            loss = F.cross_entropy(logits, y) + weight * F.mse_loss(logits[:, : old.size(1)], old)
            loss.backward()
            optimizer.step()
    return model
