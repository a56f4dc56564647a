# expect: clean
"""A package's training loop base (pykeen's `TrainingLoop` shape, written here): each batch is cut into sub-batches
when it does not fit in memory; each sub-batch's loss, a mean, is weighted by its share of the batch before its
backward, and one step follows the sub-batch loop. The loss of each sub-batch comes from the subclass's
`_process_batch`; the epoch's loss is summed as numbers."""

import torch


class TrainingLoop:
    def __init__(self, model, optimizer, clip_norm=None):
        self.model = model
        self.optimizer = optimizer
        self.clip_norm = clip_norm

    def train(self, loader, num_epochs, sub_batch_size=None):
        losses = []
        for epoch in range(num_epochs):
            losses.append(self._train_epoch(loader, sub_batch_size))
        return losses

    def _train_epoch(self, batches, sub_batch_size):
        current_epoch_loss = 0.0
        for batch in batches:
            self.optimizer.zero_grad(set_to_none=True)
            current_batch_size = len(batch)
            _sub_batch_size = sub_batch_size or current_batch_size
            for start in range(0, current_batch_size, _sub_batch_size):
                stop = min(start + _sub_batch_size, current_batch_size)
                current_epoch_loss += self._forward_pass(batch, start, stop, current_batch_size)
            if self.clip_norm is not None:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip_norm)
            self.optimizer.step()
            self.model.post_parameter_update()
        return current_epoch_loss / len(batches)

    def _forward_pass(self, batch, start, stop, current_batch_size):
        loss = self._process_batch(batch, start, stop)
        # each sub-batch's mean weighted by its share of the batch
        loss *= (stop - start) / current_batch_size
        loss.backward()
        return loss.item()

    def _process_batch(self, batch, start, stop):
        raise NotImplementedError
