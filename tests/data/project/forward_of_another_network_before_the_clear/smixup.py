# expect: ZG104 63:17
"""S-Mixup's method class (DIG's shape, written here): the matcher is trained first with its own optimizer; `mixup`
embeds a batch and a shuffled copy with the matcher, detaches the embeddings and mixes the features by their soft
assignment; `train_test` then trains a fresh classifier on mixed batches, clearing its optimizer after the mixup and
before the classifier's forward. The forward before that clear is the matcher's, whose parameters the classifier's
optimizer does not hold and whose output is detached: the clear is at the start of the classifier's step (no ZG104).
`train_test_late_clear` clears after the classifier's forward: reported. `train_matcher`, run inside both, names its
own optimizer `optimizer` too: a local of each method, two optimizers over two networks (`Builder.own_keys`)."""

import torch
import torch.nn.functional as F

from networks import Classifier, GraphMatching


class SMixup:
    def __init__(self, features, classes):
        self.features, self.classes = features, classes
        self.matcher = GraphMatching(features, 64)

    def train_matcher(self, pairs, epochs):
        optimizer = torch.optim.Adam(self.matcher.parameters(), lr=1e-3)
        for _ in range(epochs):
            for anchor, positive, negative in pairs:
                optimizer.zero_grad()
                loss = F.relu(self.matcher(anchor, positive) - self.matcher(anchor, negative) + 1.0).mean()
                loss.backward()
                optimizer.step()

    def mixup(self, batch, lam):
        first, second = batch["x"], batch["x"].flip(0)
        h1, h2 = self.matcher.dis_encoder(first, second)
        h1, h2 = h1.detach(), h2.detach()
        assignment = torch.softmax(h1 @ h2.T, dim=0)
        return {"x": lam * first + (1 - lam) * assignment @ second, "y1": batch["y"], "y2": batch["y"].flip(0), "lam": lam}

    def train_test(self, pairs, loader, epochs, lam=0.7):
        self.train_matcher(pairs, epochs)
        model = Classifier(self.features, self.classes, 64)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-5)
        for _ in range(epochs):
            for batch in loader:
                batch = self.mixup(batch, lam)
                model.train()
                optimizer.zero_grad()
                output = model(batch["x"])
                loss = batch["lam"] * F.cross_entropy(output, batch["y1"]) + (1 - batch["lam"]) * F.cross_entropy(output, batch["y2"])
                loss.backward()
                optimizer.step()
        return model

    def train_test_late_clear(self, pairs, loader, epochs, lam=0.7):
        """`train_test`'s twin clearing after the classifier's forward has built the loss: the opt-in ZG104's case."""
        self.train_matcher(pairs, epochs)
        model = Classifier(self.features, self.classes, 64)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-5)
        for _ in range(epochs):
            for batch in loader:
                batch = self.mixup(batch, lam)
                model.train()
                output = model(batch["x"])
                loss = batch["lam"] * F.cross_entropy(output, batch["y1"]) + (1 - batch["lam"]) * F.cross_entropy(output, batch["y2"])
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        return model
