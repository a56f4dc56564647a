# expect: clean
"""The training loop as a mixin: each update's phases (`_start_update`, `_backward`, `_finish_update`) are another
mixin's (trainers/core/updates.py), found only along the bases of the class that mixes both (trainers/mmf_trainer.py).
The loss of each batch is divided by the number of batches of the update (utils/general.py)."""

from utils.general import extract_loss


class TrainingLoopMixin:
    def training_loop(self):
        while self.num_updates < self.max_updates:
            start = True
            for idx, batch in enumerate(self.train_loader):
                if start:
                    self._start_update()
                    start = False
                report = self.model(batch)
                loss = extract_loss(report, self.update_frequency)
                self._backward(loss)
                if (idx + 1) % self.update_frequency:
                    continue
                self._finish_update()
                start = True
