"""The twin of zg101_lbfgs_temperature_fitted_once_without_clear.py: the closure the factory makes clears the
optimizer it is handed before each evaluation's backward, so LBFGS's evaluations start from empty gradients.
"""
# expect: clean
import torch
from torch import nn
from torch.nn import functional as F


class Temperature(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_t = nn.Parameter(torch.zeros(1))

    def forward(self, logits):
        return logits / self.log_t.exp()


def fit_temperature(logits, labels):
    scaling = Temperature()
    optimizer = torch.optim.LBFGS(scaling.parameters(), lr=0.01, max_iter=50)
    evaluate = lambda: F.cross_entropy(scaling(logits), labels)  # noqa: E731
    closure = backward_of(evaluate, optimizer)
    optimizer.step(closure)
    return scaling


def backward_of(evaluate, optimizer):
    def closure():
        optimizer.zero_grad()
        loss = evaluate()
        loss.backward()
        return loss

    return closure
