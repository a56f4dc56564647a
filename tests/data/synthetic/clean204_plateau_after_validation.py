"""ReduceLROnPlateau stepped on the validation loss after the training epoch.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def evaluate(model, loader):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            total += torch.nn.functional.mse_loss(model(x), y).item()
    return total / len(loader)


def fit(model, train_loader, val_loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", patience=2)
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        val_loss = evaluate(model, val_loader)
        scheduler.step(val_loss)
