"""An update loop (while) builds RMSprop for every update of a module-level policy."""
import torch
from torch import nn, optim

policy = nn.Linear(4, 2)


def batches():
    while True:
        yield torch.randn(5, 4), torch.randn(5, 2)


def train(env_batches, max_updates):
    updates = 0
    while updates < max_updates:
        optimizer = optim.RMSprop(policy.parameters(), lr=7e-4)  # <- ZG601
        optimizer.zero_grad()
        states, targets = next(env_batches)
        loss = nn.functional.mse_loss(policy(states), targets)
        loss.backward()
        optimizer.step()
        updates += 1


if __name__ == "__main__":
    torch.manual_seed(0)
    train(batches(), 4)
