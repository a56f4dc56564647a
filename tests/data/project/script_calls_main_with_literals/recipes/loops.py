# expect: ZG101 12:13
"""The epoch loops: `fit` never clears (each step applies every earlier batch's gradients too), `fit_cleared` clears
before each backward."""


def fit(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        for batch in loader:
            loss = model(batch).mean()
            loss.backward()
            # no clear
            optimizer.step()


def fit_cleared(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        for batch in loader:
            optimizer.zero_grad()
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()
