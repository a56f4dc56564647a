# expect: clean
"""The project's optimizer wrapper (OpenNMT-py's shape): it owns the backward and the step of the torch optimizer
it wraps."""


class Optimizer:
    def __init__(self, optimizer, max_grad_norm=0.0):
        self._optimizer = optimizer
        self._max_grad_norm = max_grad_norm

    def zero_grad(self, set_to_none=True):
        self._optimizer.zero_grad(set_to_none=set_to_none)

    def backward(self, loss):
        loss.backward()

    def step(self):
        self._optimizer.step()
