"""A few-shot learner's iteration clears its optimizer first, and ends with the optimizer's clear and then the
module's own `self.zero_grad()`: coming round the loop, the top clear finds the gradients the bottom one emptied, no
backward between (ZG103, the top one of the pair). The module's clear, whose reach over the optimizer's parameters
is not known, empties nothing the known clear left, and must not hide it (modelled on HowToTrainYourMAMLPytorch's
`MAMLFewShotClassifier.run_train_iter`; there an experiment builder handed the learner runs the loop, here the loop
builds it: pending/learner_handed_to_the_experiment_builder/).
"""
# expect: ZG103 21:9

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


def train(classifier: torch.nn.Module, loader) -> None:
    learner = FewShotLearner(classifier, lr=1e-3)
    for x, y in loader:
        learner.run_train_iter(x, y)
