# expect: ZG104 39:17
"""smixup.py's twin whose classifier is built over the matcher's encoder (`Classifier(self.matcher.encoder, ...)`):
the mixup runs that encoder, so its forward runs parameters the classifier's optimizer holds, and the clear after it
is after a forward of the loss (ZG104). Unknown is not apart: the construction read what the mixup reads."""

import torch
import torch.nn.functional as F
from torch import nn

from networks import GraphMatching


class SharedClassifier(nn.Module):
    def __init__(self, encoder, hidden, classes):
        super().__init__()
        self.encoder, self.head = encoder, nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.encoder(x))


class SMixup:
    def __init__(self, features, classes):
        self.classes = classes
        self.matcher = GraphMatching(features, 64)

    def mixup(self, batch, lam):
        first, second = batch["x"], batch["x"].flip(0)
        h1, h2 = self.matcher.dis_encoder(first, second)
        assignment = torch.softmax(h1 @ h2.T, dim=0)
        return {"x": lam * first + (1 - lam) * assignment @ second, "y": batch["y"]}

    def train_test(self, loader, epochs, lam=0.7):
        model = SharedClassifier(self.matcher.encoder, 64, self.classes)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for _ in range(epochs):
            for batch in loader:
                batch = self.mixup(batch, lam)
                optimizer.zero_grad()
                loss = F.cross_entropy(model(batch["x"]), batch["y"])
                loss.backward()
                optimizer.step()
        return model
