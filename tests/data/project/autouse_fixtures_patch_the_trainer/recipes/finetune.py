# expect: clean
import torch

from recipes.trainer import train


def main(epochs=1, lr=1e-3):
    model = torch.nn.Linear(4, 1)
    loader = [torch.randn(8, 4) for _ in range(4)]
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    train(model, loader, optimizer, epochs)
