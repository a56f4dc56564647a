# expect: ZG102 15:9
"""A language-model trainer whose step clears the gradients right after `accelerator.backward` and before the
optimizer's step: every step of the base class's loop (trainer/base.py) sees no gradients."""

from .base import BaseTrainer


class CausalLMTrainer(BaseTrainer):
    def training_step(self, batch):
        outputs = self.model(**batch)
        loss = outputs.loss
        self.accelerator.backward(loss)
        if self.accelerator.sync_gradients:
            self.accelerator.clip_grad_norm_(self.model.parameters(), self.cfg.max_grad_norm)
        self.optimizer.zero_grad()
        self.optimizer.step()
        self.lr_scheduler.step()
        return loss.detach()
