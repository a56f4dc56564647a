"""Schedulers stepped after their optimizers: per batch, per epoch, chained, sequential, on a metric."""
import torch
from torch import nn


def make():
    model = nn.Linear(4, 1)
    return model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def batches():
    return [(torch.randn(3, 4), torch.randn(3, 1)) for _ in range(3)]


def main():
    torch.manual_seed(0)
    model, opt = make()
    warmup = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=2)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
    sequential = torch.optim.lr_scheduler.SequentialLR(opt, [warmup, cosine], milestones=[2])
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1)
    for epoch in range(3):
        for x, y in batches():
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sequential.step()
        val = nn.functional.mse_loss(model(torch.randn(3, 4)), torch.randn(3, 1)).item()
        plateau.step(val)
    model2, opt2 = make()
    chained = torch.optim.lr_scheduler.ChainedScheduler(
        [torch.optim.lr_scheduler.ExponentialLR(opt2, 0.9), torch.optim.lr_scheduler.StepLR(opt2, 2)]
    )
    for epoch in range(3):
        for x, y in batches():
            opt2.zero_grad()
            nn.functional.mse_loss(model2(x), y).backward()
            opt2.step()
        chained.step()


if __name__ == "__main__":
    main()
