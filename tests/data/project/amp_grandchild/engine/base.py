# expect: clean
"""The loop of every trainer: it knows nothing of models or optimizers, each subclass brings its `run_step`."""


class IterationLoop:
    def __init__(self, max_iter):
        self.max_iter = max_iter
        self.iter = 0

    def train(self):
        self.before_train()
        while self.iter < self.max_iter:
            self.run_step()
            self.iter += 1
        self.after_train()

    def before_train(self):
        pass

    def after_train(self):
        pass

    def run_step(self):
        raise NotImplementedError
