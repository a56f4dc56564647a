# expect: ZG104 32:9
# expect: ZG104 69:9
"""Domain-generalisation algorithms in DomainBed's shape, each `update` run by train.py's step loop.

`GradientVariance` (Fishr's shape) builds its penalty from per-sample gradients: `_penalty` clears and runs
`loss.backward(inputs=..., create_graph=True)`, which fills the classifier's `.grad`. Its `update` must clear again
after that backward and before the objective's: the clear is not a clear after the forward that could move to the
top of the update (RULES.md's ZG104 is the clear between the forward and *its* backward, with nothing filling the
gradients between). `GradientNorm` gets its penalty from `torch.autograd.grad`, which fills no `.grad`: its clear
after the forward is a true ZG104. So is `_penalty`'s own clear: it runs after the forward of the `logits` its caller
hands it and before the penalty's backward, and could run before that forward."""

import torch
import torch.nn.functional as F


class Algorithm(torch.nn.Module):
    def update(self, minibatches):
        raise NotImplementedError


class GradientVariance(Algorithm):
    def __init__(self, featurizer, classifier, lr=1e-3):
        super().__init__()
        self.featurizer = featurizer
        self.classifier = classifier
        self.optimizer = torch.optim.Adam(
            list(featurizer.parameters()) + list(classifier.parameters()), lr=lr
        )

    def _penalty(self, logits, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(logits, y, reduction="sum")
        loss.backward(inputs=list(self.classifier.parameters()), retain_graph=True, create_graph=True)
        grads = [p.grad.flatten() for p in self.classifier.parameters() if p.grad is not None]
        return torch.cat(grads).var()

    def update(self, minibatches):
        x = torch.cat([x for x, _ in minibatches])
        y = torch.cat([y for _, y in minibatches])
        logits = self.classifier(self.featurizer(x))
        penalty = self._penalty(logits, y)
        objective = F.cross_entropy(logits, y) + 0.1 * penalty
        self.optimizer.zero_grad()
        objective.backward()
        self.optimizer.step()
        return {"loss": objective.item()}


class GradientNorm(Algorithm):
    def __init__(self, featurizer, classifier, lr=1e-3):
        super().__init__()
        self.featurizer = featurizer
        self.classifier = classifier
        self.optimizer = torch.optim.Adam(
            list(featurizer.parameters()) + list(classifier.parameters()), lr=lr
        )

    def _penalty(self, logits, y):
        loss = F.cross_entropy(logits, y)
        grads = torch.autograd.grad(loss, list(self.classifier.parameters()), create_graph=True)
        return sum(g.pow(2).sum() for g in grads)

    def update(self, minibatches):
        x = torch.cat([x for x, _ in minibatches])
        y = torch.cat([y for _, y in minibatches])
        logits = self.classifier(self.featurizer(x))
        objective = F.cross_entropy(logits, y) + 0.1 * self._penalty(logits, y)
        self.optimizer.zero_grad()
        objective.backward()
        self.optimizer.step()
        return {"loss": objective.item()}
