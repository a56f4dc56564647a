# expect: ZG501 23:9
"""Training under the local closed world assumption: every entity scored as a tail. Its own `_forward_pass` (label
smoothing applied to the targets) forgot the base's weighting of each sub-batch's mean by its share of the batch: with
sub-batches, the step applies the sum of their means, as many times too large as there are sub-batches (reported at
its backward, for the base's loop)."""

import torch.nn.functional as F

from .training_loop import TrainingLoop


class LCWATrainingLoop(TrainingLoop):
    def __init__(self, model, optimizer, label_smoothing=0.0, clip_norm=None):
        super().__init__(model, optimizer, clip_norm)
        self.label_smoothing = label_smoothing

    def _forward_pass(self, batch, start, stop, current_batch_size):
        hr_batch, labels = batch[start:stop]
        scores = self.model.score_t(hr_batch)
        if self.label_smoothing > 0.0:
            labels = labels * (1.0 - self.label_smoothing) + self.label_smoothing / labels.shape[-1]
        loss = F.binary_cross_entropy_with_logits(scores, labels)
        loss.backward()
        return loss.item()
