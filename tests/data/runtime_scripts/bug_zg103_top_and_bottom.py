"""A clear at the top and one at the bottom of every iteration, in a training function."""
import torch


def train_epoch(model, optimizer, batches):
    for x, y in batches:
        optimizer.zero_grad()  # <- ZG103
        loss = torch.nn.functional.l1_loss(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(2):
        train_epoch(model, optimizer, [(torch.randn(4, 3), torch.randn(4, 2)) for _ in range(3)])
