"""A `train_step` helper steps before it runs the backward."""
import torch


def train_step(model, opt, x):
    opt.zero_grad()
    loss = model(x).pow(2).sum()
    opt.step()  # <- ZG201
    loss.backward()
    return loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(3):
        train_step(model, opt, torch.randn(2, 3))
