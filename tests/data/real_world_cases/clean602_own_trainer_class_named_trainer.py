# expect: clean
"""A project's own `Trainer` (no library's: its `train` is not visible here, nothing says it backpropagates what
`compute_loss` returns), subclassed with a `compute_loss` that keeps its losses: the loop that calls it is unknown, so
nothing is reported."""

import torch.nn.functional as F


class Trainer:
    def __init__(self, model):
        self.model = model


class ClassifierTrainer(Trainer):
    def __init__(self, model):
        super().__init__(model)
        self.history = []

    def compute_loss(self, model, inputs, return_outputs=False):
        logits = model(inputs["x"])
        loss = F.cross_entropy(logits, inputs["y"])
        self.history.append(loss)
        return (loss, logits) if return_outputs else loss
