# expect: clean
"""A Hugging Face `Trainer` subclass: `compute_loss` and `training_step` overridden (the library's loop steps and
clears the model's optimizer: self-managed, not visible), and a discriminator of its own updated in the step by
losses/adversarial.py's helper."""

import torch
from transformers import Trainer

from losses.adversarial import discriminator_update


class AdversarialTrainer(Trainer):
    def __init__(self, *args, discriminator=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.discriminator = discriminator
        self.disc_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-4)

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        loss = outputs.loss
        return (loss, outputs) if return_outputs else loss

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        inputs = self._prepare_inputs(inputs)
        with self.compute_loss_context_manager():
            loss, outputs = self.compute_loss(model, inputs, return_outputs=True)
        self.accelerator.backward(loss)
        discriminator_update(self.discriminator, self.disc_optimizer, inputs["pixel_values"], outputs.logits)
        return loss.detach() / self.args.gradient_accumulation_steps
