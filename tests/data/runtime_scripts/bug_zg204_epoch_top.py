"""The scheduler steps at the top of the epoch loop, before the batch loop's steps."""
import torch
from torch import nn


def main():
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
    for epoch in range(3):
        scheduler.step()  # <- ZG204
        for _ in range(2):
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(torch.randn(3, 4)), torch.randint(0, 2, (3,))).backward()
            optimizer.step()


if __name__ == "__main__":
    main()
