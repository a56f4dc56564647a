# expect: clean
"""The project's batch loop (nupic.research's `train_model`): clears, backpropagates and steps every batch."""


def train_model(model, loader, optimizer, criterion):
    model.train()
    for data, target in loader:
        optimizer.zero_grad()
        loss = criterion(model(data), target)
        loss.backward()
        optimizer.step()
