"""A configure_optimizers-style helper returns the optimizer and its scheduler; the scheduler
steps once per epoch, after the batch loop."""
import torch


def configure_optimizers(model):
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=100)
    return opt, sched


def fit(model, loader, epochs):
    opt, sched = configure_optimizers(model)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        sched.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    fit(torch.nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(2)], epochs=3)
