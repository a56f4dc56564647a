# expect: clean
"""One epoch of training, called by the scripts of tools/ (each batch clears, backpropagates and steps)."""


def run_epoch(model, loader, criterion, optimizer):
    model.train()
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
