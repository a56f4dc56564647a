# expect: ZG105 13:9
"""A ranker agent clearing the optimizer itself at the start of `train_step`, not through the base's `zero_grad`:
with `update_freq` > 1 every batch's clear discards the batches accumulated so far, and the step (run once every
`update_freq` batches by the base's `update_params`) sees only the last one."""

import torch

from .torch_agent import TorchAgent


class RankerAgent(TorchAgent):
    def train_step(self, batch):
        self.optimizer.zero_grad()
        context = self.model.encode(batch["text_vec"])
        candidates = self.model.encode(batch["cand_vecs"])
        scores = context @ candidates.t()
        loss = torch.nn.functional.cross_entropy(scores, torch.arange(scores.size(0)))
        self.backward(loss)
        self.update_params()
        return loss.item()
