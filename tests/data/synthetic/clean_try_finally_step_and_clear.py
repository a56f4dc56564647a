"""The step and the clear in a try/finally: the clear always runs after the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer, logger):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        try:
            optimizer.step()
        finally:
            optimizer.zero_grad()
            logger.flush()
