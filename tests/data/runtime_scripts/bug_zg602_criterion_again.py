"""The criterion is called again to sum the epoch loss: a tensor with the model output's graph."""
import torch


def train(model, loader, optimizer, criterion):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        criterion(out, y).backward()
        optimizer.step()
        total += criterion(out, y)  # <- ZG602
    return total


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    loader = [(torch.randn(4, 3), torch.randn(4, 2)) for _ in range(5)]
    print(train(model, loader, torch.optim.SGD(model.parameters(), lr=0.1), torch.nn.MSELoss()).item())
