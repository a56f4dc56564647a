"""The clean twin: two steps in one training step, each after its own backward (a two-pass update).

Each step applies the gradients of the backward right before it (RULES.md ZG201): nothing to report.
"""
# expect: clean
import torch


def train_step(model, batch, optimizer):
    inputs, targets = batch
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(inputs), targets)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    consistency = torch.nn.functional.mse_loss(model(inputs + 0.01 * torch.randn_like(inputs)), model(inputs).detach())
    consistency.backward()
    optimizer.step()
    return loss.item(), consistency.item()
