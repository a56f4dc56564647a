# expect: clean
"""The experiment builder (HowToTrainYourMAMLPytorch's `ExperimentBuilder`): the learner is its constructor's
parameter, and its loop runs the learner's `run_train_iter` once per batch."""


class ExperimentBuilder:
    def __init__(self, model, loader, epochs: int) -> None:
        self.model = model
        self.loader = loader
        self.epochs = epochs

    def train_iteration(self, batch):
        x, y = batch
        return self.model.run_train_iter(x, y)

    def run_experiment(self):
        losses = []
        for _ in range(self.epochs):
            for batch in self.loader:
                losses.append(self.train_iteration(batch))
        return losses
