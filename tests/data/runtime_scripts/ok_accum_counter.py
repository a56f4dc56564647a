"""Accumulation done right: clear before the loop and after each guarded step; clip under the guard."""
import torch
from torch import nn

ACCUM = 4


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    running = 0.0
    for i in range(12):
        loss = nn.functional.cross_entropy(model(torch.randn(3, 6)), torch.randint(0, 2, (3,))) / ACCUM
        loss.backward()
        running += loss.item()
        if (i + 1) % ACCUM == 0:
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    main()
