# expect: clean
"""The twin: the step, the schedule, then the clear."""

from .base import BaseTrainer


class ClassifierTrainer(BaseTrainer):
    def training_step(self, batch):
        outputs = self.model(**batch)
        loss = outputs.loss
        self.accelerator.backward(loss)
        if self.accelerator.sync_gradients:
            self.accelerator.clip_grad_norm_(self.model.parameters(), self.cfg.max_grad_norm)
        self.optimizer.step()
        self.lr_scheduler.step()
        self.optimizer.zero_grad()
        return loss.detach()
