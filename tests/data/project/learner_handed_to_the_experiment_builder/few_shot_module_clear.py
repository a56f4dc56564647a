# expect: clean
"""The learner's twin whose iteration ends with the module's own `self.zero_grad()` alone: whether it reaches every
parameter of the optimizer (built from a submodule's) is not known, so the top clear may have work to do: silent."""

import torch
import torch.nn.functional as F


class ModuleClearingLearner(torch.nn.Module):
    def __init__(self, classifier: torch.nn.Module, lr: float) -> None:
        super().__init__()
        self.classifier = classifier
        self.optimizer = torch.optim.Adam(self.classifier.parameters(), lr=lr)

    def run_train_iter(self, x, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.classifier(x), y)
        loss.backward()
        self.optimizer.step()
        self.zero_grad()
        return loss.item()
