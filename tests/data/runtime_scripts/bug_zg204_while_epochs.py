"""A while loop over epochs steps the cosine schedule before running the epoch."""
import torch


def run_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main(max_epochs=3):
    torch.manual_seed(0)
    model = torch.nn.Linear(2, 1)
    loader = [(torch.randn(4, 2), torch.randn(4, 1)) for _ in range(2)]
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_epochs)
    epoch = 0
    while epoch < max_epochs:
        scheduler.step()  # <- ZG204
        run_epoch(model, loader, optimizer)
        epoch += 1


if __name__ == "__main__":
    main()
