# expect: clean
"""The twin: a subclass logs the gradients' norm after the backward and clears them there, before the base steps."""

import torch

from trainers import MetricLossOnly


class LoggingTrainer(MetricLossOnly):
    def backward(self):
        super().backward()
        norms = [torch.linalg.vector_norm(p.grad) for p in self.models["trunk"].parameters() if p.grad is not None]
        print(sum(norms))
        self.zero_grad()
