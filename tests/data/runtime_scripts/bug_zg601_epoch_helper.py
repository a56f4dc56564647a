"""`train_one_epoch` builds its own SGD-with-momentum optimizer each time it is called."""
import torch


def train_one_epoch(model, batches, lr):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)  # <- ZG601
    for x, y in batches:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main():
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 1)
    batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(2)]
    for epoch in range(3):
        train_one_epoch(model, batches, lr=0.01)


if __name__ == "__main__":
    main()
