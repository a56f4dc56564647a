# expect: ZG101 17:17
import torch


class Runner:
    def __init__(self, model, optimizer, loader, epochs=1):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.epochs = epochs

    def fit(self):
        for epoch in range(self.epochs):
            for batch in self.loader:
                loss = self.model(batch).mean()
                loss.backward()
                self.optimizer.step()  # no clear either
