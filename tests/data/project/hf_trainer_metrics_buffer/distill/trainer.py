# expect: ZG602 30:9
"""A Hugging Face `Trainer` subclass for distillation: `compute_loss` runs the teacher under `torch.no_grad()` and the
student, and keeps each batch's KL term in a buffer it averages when it logs. The term is kept as the tensor (with the
student's graph): every training step's graph stays alive until the next log."""

from collections import defaultdict

import torch
from transformers import Trainer

from .losses import distillation_losses


class DistillationTrainer(Trainer):
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
        self._metrics["kd"].append(kd)
        return (loss, outputs) if return_outputs else loss

    def log(self, logs, *args, **kwargs):
        logs.update({key: float(sum(values) / len(values)) for key, values in self._metrics.items() if values})
        self._metrics.clear()
        super().log(logs, *args, **kwargs)
