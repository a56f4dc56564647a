"""yolov5-style accumulation: a clear per epoch and after each update; an epoch of 10 batches with
accumulation 4 leaves a partial window that the next epoch's clear drops on purpose."""
import torch
from torch import nn


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9, nesterov=True)
    accumulate = 4
    for epoch in range(3):
        optimizer.zero_grad()
        for i in range(10):
            loss = nn.functional.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 1))
            (loss / accumulate).backward()
            if (i + 1) % accumulate == 0:
                optimizer.step()
                optimizer.zero_grad()


if __name__ == "__main__":
    main()
