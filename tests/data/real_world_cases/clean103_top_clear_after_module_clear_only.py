"""The few-shot learner's twin whose iteration ends with the module's own `self.zero_grad()` alone: whether that
clear reaches every parameter of the optimizer (built from a submodule's) is not known, so the top clear may have
work to do and is not reported (ZG103 asks two clears known to cover the same parameters; modelled on
HowToTrainYourMAMLPytorch's `MAMLFewShotClassifier.run_train_iter`).
"""
# expect: clean

import torch
import torch.nn.functional as F


class FewShotLearner(torch.nn.Module):
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


def train(classifier: torch.nn.Module, loader) -> None:
    learner = FewShotLearner(classifier, lr=1e-3)
    for x, y in loader:
        learner.run_train_iter(x, y)
