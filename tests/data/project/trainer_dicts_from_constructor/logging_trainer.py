# expect: ZG102 15:9
"""A subclass logs the gradients' norm after the backward and clears them there, before the base steps: ZG102 at its
`self.zero_grad()` (the base's own method, whose body says what it clears), not in that body, which every call shares."""

import torch

from trainers import MetricLossOnly


class LoggingTrainer(MetricLossOnly):
    def backward(self):
        super().backward()
        norms = [torch.linalg.vector_norm(p.grad) for p in self.models["trunk"].parameters() if p.grad is not None]
        print(sum(norms))
        self.zero_grad()
