# expect: clean
def train(unit, loader, epochs):
    for _ in range(epochs):
        for batch in loader:
            unit.train_step(batch)
