# expect: clean
"""A trainer that runs each batch through the phases its subclass lists, in order (`self.phases`)."""


class PhaseTrainer:
    phases = ()

    def __init__(self, epochs):
        self.epochs = epochs
        self.history = []

    def fit(self, loader):
        for epoch in range(self.epochs):
            for batch in loader:
                logs = {}
                for phase in self.phases:
                    logs.update(getattr(self, phase)(batch))
                self.history.append(logs)
