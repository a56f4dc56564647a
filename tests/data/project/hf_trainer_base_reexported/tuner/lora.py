# expect: ZG602 16:9
"""A LoRA fine-tuning trainer deriving from the project's base, whose `Trainer` is transformers' re-exported by a module
of the project: its `compute_loss` is the body of the Trainer's loop all the same, and it keeps each micro-batch's loss
as the tensor until the base's `log` empties the list."""

from .base import BaseTrainer


class LoraTuner(BaseTrainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        loss = outputs.loss
        if self.args.l2 > 0:
            adapters = [p for n, p in model.named_parameters() if "lora_" in n]
            loss = loss + self.args.l2 * sum(p.pow(2).sum() for p in adapters)
        self.kept_losses.append(loss)
        return (loss, outputs) if return_outputs else loss
