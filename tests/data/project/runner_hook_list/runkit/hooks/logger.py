# expect: ZG602 14:9
"""Loss loggers run after the optimizer hook: one keeps each iteration's loss tensor in its history, with its graph
(ZG602, from runkit/history_runner.py's loop); the other keeps the number."""


class LossHistoryHook:
    def __init__(self) -> None:
        self.history = []

    def before_train_iter(self, runner) -> None:
        pass

    def after_train_iter(self, runner) -> None:
        self.history.append(runner.outputs["loss"])


class ScalarLossHook:
    def __init__(self) -> None:
        self.history = []

    def before_train_iter(self, runner) -> None:
        pass

    def after_train_iter(self, runner) -> None:
        self.history.append(runner.outputs["loss"].item())
