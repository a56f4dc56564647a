# expect: clean
"""The twin (the fix: each component detached before it is added). A `transformers.Trainer` subclass whose loss
function returns a dict of components: `compute_loss` hands the dict to a helper that adds each component into running
totals kept on the trainer until `log` turns them into numbers; kept detached, they hold no graph."""

import torch
from transformers import Trainer


class ComponentTrainer(Trainer):
    def __init__(self, *args, loss_fn=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.loss_fn = loss_fn
        self.totals = {}

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        components = self.loss_fn(outputs, inputs["labels"])
        self.track(components)
        loss = torch.stack(list(components.values())).sum()
        return (loss, outputs) if return_outputs else loss

    def track(self, components):
        for key, value in components.items():
            value = value.detach()
            if key not in self.totals:
                self.totals[key] = value
            else:
                self.totals[key] = self.totals[key] + value

    def log(self, logs, *args, **kwargs):
        for key, value in self.totals.items():
            logs[key] = value.item()
        self.totals = {}
        super().log(logs, *args, **kwargs)
