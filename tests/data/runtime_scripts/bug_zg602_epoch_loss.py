"""The epoch's loss is summed as a tensor: every batch's graph stays alive."""
import torch
from torch import nn


def train(model, optimizer, loader):
    model.train()
    epoch_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        epoch_loss += loss  # <- ZG602
    return epoch_loss / len(loader)


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
    optimizer = torch.optim.Adam(model.parameters())
    loader = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(8)]
    for epoch in range(2):
        print(float(train(model, optimizer, loader)))
