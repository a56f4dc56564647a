# expect: clean
"""A loop over the data that runs whatever step its caller hands it (`step_fn(batch)`)."""


def fit(loader, epochs, step_fn):
    for epoch in range(epochs):
        for batch in loader:
            step_fn(batch)
