# expect: clean
"""A hook that clears the gradients before each iteration's forward pass."""


class ZeroGradHook:
    def before_train_iter(self, runner) -> None:
        runner.optimizer.zero_grad()

    def after_train_iter(self, runner) -> None:
        pass
