# expect: clean
"""The twin: the loss kept detached. A trl `SFTTrainer` subclass overriding `training_step`, which backpropagates
itself through the Trainer's accelerator and keeps each micro-batch's loss until `log` empties the list: detached, it
holds no graph."""

import torch
from trl import SFTTrainer


class LoggingSFTTrainer(SFTTrainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._losses = []

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        inputs = self._prepare_inputs(inputs)
        with self.compute_loss_context_manager():
            loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)
        if self.args.n_gpu > 1:
            loss = loss.mean()
        self.accelerator.backward(loss)
        self._losses.append(loss.detach())
        return loss.detach() / self.args.gradient_accumulation_steps

    def log(self, logs, *args, **kwargs):
        if self._losses:
            logs["micro_loss"] = torch.stack(self._losses).mean().item()
            self._losses.clear()
        super().log(logs, *args, **kwargs)
