# expect: ZG101 12:5
"""The engine's steps, imported two packages up by the apps (`from ...engine.core import ...`)."""

from torch.nn.utils import clip_grad_norm_


def train_step(model, optimizer, batch, max_norm):
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    clip_grad_norm_(model.parameters(), max_norm)
    optimizer.step()
    return loss.detach()
