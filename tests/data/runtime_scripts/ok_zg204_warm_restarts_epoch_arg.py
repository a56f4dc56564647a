"""CosineAnnealingWarmRestarts stepped with a fractional epoch before the optimizer's step: the value is computed for
that epoch, nothing is skipped (RULES.md ZG204: an explicit epoch is not reported)."""
import torch


def train(model, batches, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=10)
    iters = len(batches)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(batches):
            scheduler.step(epoch + i / iters)
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


if __name__ == "__main__":
    torch.manual_seed(0)
    train(torch.nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)], epochs=2)
