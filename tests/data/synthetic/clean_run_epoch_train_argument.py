"""One run_epoch(train=...) for training and validation; `if train:` around the clear and around backward and step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def run_epoch(model, loader, optimizer, train=True):
    model.train(train)
    total = 0.0
    for x, y in loader:
        if train:
            optimizer.zero_grad()
        with torch.set_grad_enabled(train):
            loss = torch.nn.functional.mse_loss(model(x), y)
        if train:
            loss.backward()
            optimizer.step()
        total += loss.item()
    return total


def fit(model, train_loader, val_loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        run_epoch(model, train_loader, optimizer, train=True)
        run_epoch(model, val_loader, optimizer, train=False)
