# expect: clean
"""The fixed twin of trainer.py: each term is summed as a number (`.item()`), which keeps no graph."""

from collections import defaultdict

from factories import build_loss, build_optimizer


class ModelTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.optimizer = build_optimizer(model, cfg)
        self.loss_fn = build_loss(cfg)

    def train_one_batch(self, images, targets):
        self.optimizer.zero_grad()
        loss, terms = self.loss_fn(self.model(images), targets)
        loss.backward()
        self.optimizer.step()
        return terms

    def train_one_epoch(self, loader):
        totals = defaultdict(float)
        samples = 0
        for images, targets in loader:
            terms = self.train_one_batch(images, targets)
            for name, value in terms.items():
                totals[name] += value.item() * images.size(0)
            samples += images.size(0)
        return {name: total / samples for name, total in totals.items()}
