"""Resuming: the schedule is fast-forwarded before training, then stepped after each epoch; a
per-micro-batch scheduler under accumulation."""
import torch
from torch import nn


def main():
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    start_epoch = 2
    for _ in range(start_epoch):
        scheduler.step()
    for epoch in range(start_epoch, 5):
        for _ in range(2):
            optimizer.zero_grad()
            model(torch.randn(3, 4)).pow(2).mean().backward()
            optimizer.step()
        scheduler.step()
    model2 = nn.Linear(4, 1)
    opt2 = torch.optim.Adam(model2.parameters())
    per_micro = torch.optim.lr_scheduler.LambdaLR(opt2, lambda i: 1.0 / (1 + i))
    for i in range(8):
        (model2(torch.randn(3, 4)).pow(2).mean() / 4).backward()
        if (i + 1) % 4 == 0:
            opt2.step()
            opt2.zero_grad()
        per_micro.step()


if __name__ == "__main__":
    main()
