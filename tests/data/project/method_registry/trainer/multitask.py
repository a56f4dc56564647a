# expect: ZG101 34:9
"""A trainer whose step is picked per batch from a dict of its own methods, keyed by the batch's task (the shape of
multi-task and semi-supervised trainers). The contrastive step never clears: after a classification batch, or
another contrastive one, it steps with the gradients of every earlier batch since the last clear."""

import torch
from torch.nn.utils import clip_grad_norm_


class MultiTaskTrainer:
    def __init__(self, model, optimizer, max_norm):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm
        self.steps = {
            "classify": self.classify_step,
            "contrast": self.contrast_step,
        }

    def classify_step(self, batch):
        self.optimizer.zero_grad()
        logits = self.model(batch["x"])
        loss = torch.nn.functional.cross_entropy(logits, batch["y"])
        loss.backward()
        clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.item()

    def contrast_step(self, batch):
        z1 = self.model.embed(batch["view1"])
        z2 = self.model.embed(batch["view2"])
        loss = -torch.nn.functional.cosine_similarity(z1, z2).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train_epoch(self, loader):
        total = 0.0
        for batch in loader:
            total += self.steps[batch["task"]](batch)
        return total / len(loader)
