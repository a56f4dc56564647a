# expect: clean
"""The twin: each term kept as a number (`.item()`), as TRL's trainers keep theirs."""

from collections import defaultdict

import torch
from transformers import Trainer

from .losses import distillation_losses


class DetachedDistillationTrainer(Trainer):
    def __init__(self, *args, teacher=None, alpha=0.5, temperature=2.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.teacher = teacher.eval()
        self.alpha = alpha
        self.temperature = temperature
        self._metrics = defaultdict(list)

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        labels = inputs.pop("labels")
        outputs = model(**inputs)
        with torch.no_grad():
            teacher_logits = self.teacher(**inputs).logits
        ce, kd = distillation_losses(outputs.logits, teacher_logits, labels, self.temperature)
        loss = (1 - self.alpha) * ce + self.alpha * kd
        self._metrics["ce"].append(ce.item())
        self._metrics["kd"].append(kd.item())
        return (loss, outputs) if return_outputs else loss
