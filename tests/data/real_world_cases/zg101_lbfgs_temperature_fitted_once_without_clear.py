"""Temperature scaling fitted once after training, as a class-incremental learner's calibration does
(incremental_learning.pytorch's inclearn/lib/calibration.py): LBFGS evaluates the closure up to `max_iter`
times in its one step, and the closure never clears, so each evaluation's backward adds to the gradients of
the one before (RULES.md ZG101 at the step). No loop is around the step: each evaluation is an iteration of
LBFGS's own. Twin: clean101_lbfgs_temperature_fitted_once_clears.py.
"""
# expect: ZG101 27:5
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
    closure = backward_of(evaluate)
    optimizer.step(closure)
    return scaling


def backward_of(evaluate):
    def closure():
        loss = evaluate()
        loss.backward()
        return loss

    return closure
