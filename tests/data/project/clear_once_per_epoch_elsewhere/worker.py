# expect: ZG101 23:17
"""A GAN library's worker in PyTorch-StudioGAN's shape: besides the GAN's own updates, a method trains a classifier
on generated images to score the GAN, and clears its optimizer once per epoch, before the batch loop: every step
applies the sum of the epoch's gradients (ZG101). A loop of another module reaches it, and the report's words name
the loop around that clear, in this module (the analysis of the loop's module once looked it up in its own file and
failed)."""

import torch
import torch.nn.functional as F


class Worker:
    def __init__(self, loader):
        self.loader = loader

    def score_with_classifier(self, epochs):
        classifier = torch.nn.Linear(8, 4)
        optimizer = torch.optim.SGD(classifier.parameters(), lr=0.1, momentum=0.9)
        for epoch in range(epochs):
            optimizer.zero_grad()
            for images, labels in self.loader:
                F.cross_entropy(classifier(images), labels).backward()
                optimizer.step()

    def score_with_classifier_cleared(self, epochs):
        classifier = torch.nn.Linear(8, 4)
        optimizer = torch.optim.SGD(classifier.parameters(), lr=0.1, momentum=0.9)
        for epoch in range(epochs):
            for images, labels in self.loader:
                optimizer.zero_grad()
                F.cross_entropy(classifier(images), labels).backward()
                optimizer.step()
