# expect: clean
"""A trainer mixing in trainers/mixins.py's `ForgetfulStepMixin`, whose own loop clears `self.optimizer` (keyed by
this class's `__init__` parameter) before each of the mixin's steps: the mixin's `self.optimizer` is this
instance's, the same optimizer. (Read as another one, the step would never be cleared: a false ZG101.)"""

from trainers.mixins import ForgetfulStepMixin


class LoopClearingTrainer(ForgetfulStepMixin):
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.optimizer.zero_grad()
                self.train_step(batch)
