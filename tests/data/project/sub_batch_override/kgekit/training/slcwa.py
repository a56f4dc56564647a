# expect: clean
"""Training under the stochastic local closed world assumption: negatives are sampled for each positive triple."""

import torch.nn.functional as F

from .training_loop import TrainingLoop


class SLCWATrainingLoop(TrainingLoop):
    def __init__(self, model, optimizer, negative_sampler, clip_norm=None):
        super().__init__(model, optimizer, clip_norm)
        self.negative_sampler = negative_sampler

    def _process_batch(self, batch, start, stop):
        positives = batch[start:stop]
        negatives = self.negative_sampler.sample(positives)
        positive_scores = self.model.score_hrt(positives)
        negative_scores = self.model.score_hrt(negatives)
        return F.softplus(negative_scores - positive_scores.unsqueeze(-1)).mean()
