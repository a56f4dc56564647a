"""A `make_optimizer` factory called for every batch rebuilds RMSprop over the same model."""
import torch
from torch import nn


def make_optimizer(model, lr=1e-3):
    return torch.optim.RMSprop(model.parameters(), lr=lr, momentum=0.9)  # <- ZG601


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 1))
    for x, y in [(torch.randn(3, 4), torch.randn(3, 1)) for _ in range(4)]:
        opt = make_optimizer(model)
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()


if __name__ == "__main__":
    main()
