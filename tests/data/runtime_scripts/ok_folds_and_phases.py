"""A fresh model and optimizer per fold; then fine-tuning in two phases with their own optimizers."""
import torch
from torch import nn


def train(model, optimizer, steps=2):
    for _ in range(steps):
        optimizer.zero_grad()
        model(torch.randn(4, 6)).pow(2).mean().backward()
        optimizer.step()


def main():
    torch.manual_seed(0)
    for fold in range(3):
        model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        train(model, optimizer)
    backbone = nn.Linear(6, 1)
    head_only = torch.optim.Adam([backbone.bias], lr=1e-3)
    train(backbone, head_only)
    everything = torch.optim.Adam(backbone.parameters(), lr=1e-4)
    train(backbone, everything)


if __name__ == "__main__":
    main()
