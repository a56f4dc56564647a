"""The clear sits in the epoch loop, before the batch loop."""
import torch
import torch.nn.functional as F


def train(model, optimizer, batches, epochs):
    for epoch in range(epochs):
        optimizer.zero_grad()
        for inputs, targets in batches:
            loss = F.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()  # <- ZG101


def main():
    torch.manual_seed(1)
    model = torch.nn.Linear(5, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    batches = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]
    train(model, optimizer, batches, epochs=2)


if __name__ == "__main__":
    main()
