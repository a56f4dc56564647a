# expect: clean
"""trainer.py's subclass: each micro-batch's backward is scaled where the scaler exists (`self.amp_scaler is
None` tested), the step goes through the scaler where the settings ask for mixed precision (`self.configs.use_amp`
tested): two tests, one choice, since the scaler exists exactly where `use_amp` holds (bound so at construction).
No direct step follows a scaled backward: no ZG402."""

from trainer import TrainerBase


class DiffusionTrainer(TrainerBase):
    def setup_optimization(self):
        super().setup_optimization()

    def backward_step(self, micro_batch, num_micro_batches):
        loss = self.model(micro_batch).pow(2).mean() / num_micro_batches
        if self.amp_scaler is None:
            loss.backward()
        else:
            self.amp_scaler.scale(loss).backward()

    def training_step(self, batch):
        micro = self.configs.micro_batch
        num_micro_batches = (len(batch) + micro - 1) // micro
        for start in range(0, len(batch), micro):
            self.backward_step(batch[start:start + micro], num_micro_batches)
        if self.configs.use_amp:
            self.amp_scaler.step(self.optimizer)
            self.amp_scaler.update()
        else:
            self.optimizer.step()
        self.model.zero_grad()
