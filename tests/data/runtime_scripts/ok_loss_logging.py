"""Losses logged as numbers or detached tensors; a loss summed over an inner loop and backpropagated."""
import torch
from torch import nn


class Logger:
    def __init__(self):
        self.values = []

    def log(self, value):
        self.values.append(value)


def main():
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    optimizer = torch.optim.Adam(model.parameters())
    logger, losses, running, epoch_loss = Logger(), [], 0.0, 0.0
    for step in range(8):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(torch.randn(3, 4)), torch.randint(0, 2, (3,)))
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        logger.log(loss.detach())
        running += loss.item() * 3
        epoch_loss = epoch_loss + float(loss)
    for step in range(4):
        optimizer.zero_grad()
        total = 0
        for t in range(3):
            total = total + nn.functional.cross_entropy(model(torch.randn(2, 4)), torch.randint(0, 2, (2,)))
        total.backward()
        optimizer.step()
    print(sum(losses) / len(losses), running, epoch_loss)


if __name__ == "__main__":
    main()
