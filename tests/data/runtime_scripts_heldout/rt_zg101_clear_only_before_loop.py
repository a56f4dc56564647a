"""Runnable: the only clear is before the loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 20:13
import torch
from torch import nn


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    for epoch in range(2):
        for _ in range(3):
            x, y = torch.randn(5, 6), torch.randint(0, 2, (5,))
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
