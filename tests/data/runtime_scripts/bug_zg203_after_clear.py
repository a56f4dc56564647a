"""Clipping between the clear and the backward (imported by name)."""
import torch
from torch.nn.utils import clip_grad_norm_


def main():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(5, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for it in range(3):
        optimizer.zero_grad()
        clip_grad_norm_(model.parameters(), max_norm=1.0)  # <- ZG203
        loss = model(torch.randn(4, 5)).pow(2).mean()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    main()
