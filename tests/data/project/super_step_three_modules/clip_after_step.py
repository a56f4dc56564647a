# expect: ZG203 12:9
import torch

from engine.amp import AmpTrainer


class ClipAfterStepTrainer(AmpTrainer):
    """The twin: clips again once the base has stepped, where no step will see it."""

    def training_step(self, batch):
        loss = super().training_step(batch)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)
        return loss
