"""A gradient logger at the top of the iteration, right after the (default set_to_none) clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 13:47
import torch


def train(model, loader, optimizer, writer):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        for name, p in model.named_parameters():
            writer.add_scalar(f"grad/{name}", p.grad.abs().mean(), step)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
