# expect: ZG103 17:9
"""The few-shot learner (HowToTrainYourMAMLPytorch's `MAMLFewShotClassifier`): each outer iteration clears its
optimizer first and ends with the optimizer's clear and the module's own `self.zero_grad()`. Coming round the
experiment builder's loop, the top clear finds what the bottom one emptied, with no backward between."""

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
        self.optimizer.zero_grad()
        self.zero_grad()
        return loss.item()
