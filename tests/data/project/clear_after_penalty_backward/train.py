# expect: clean
"""The step loop (DomainBed's scripts/train.py): one `update` of the chosen algorithm per step."""

import torch

from domainbed.algorithms import GradientNorm, GradientVariance


def main(minibatch_iterator, steps, variance=True):
    featurizer = torch.nn.Linear(16, 8)
    classifier = torch.nn.Linear(8, 3)
    cls = GradientVariance if variance else GradientNorm
    algorithm = cls(featurizer, classifier)
    for step in range(steps):
        minibatches = next(minibatch_iterator)
        algorithm.update(minibatches)
