"""AMP: the per-batch scheduler steps before scaler.step."""
import torch
from torch import nn


def train(model, loader, epochs=2):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=10)
    scaler = torch.amp.GradScaler("cpu")
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
            scheduler.step()  # <- ZG204
            scaler.step(optimizer)
            scaler.update()


if __name__ == "__main__":
    torch.manual_seed(0)
    train(nn.Linear(3, 1), [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(3)])
