# expect: ZG501 30:9
"""The INVALID twin of loss_normalised_by_a_batch_method_handed_the_count/: the same counter-guarded accumulation,
but `batch.normalize` is handed no accumulation count (its `n_accumulation` left at 1), so nothing divides the loss by
`self.args.batch_multiplier` before the backward (RULES.md ZG501). The number the loss is rebound to for logging
after the backward, divided by the world size, is no loss of the backward (`reaching_assignments.py`)."""

from batch import Batch


class TrainManager:
    def __init__(self, model, optimizer, args):
        self.model = model
        self.optimizer = optimizer
        self.args = args

    def train(self, loader):
        self.model.zero_grad()
        for epoch in range(self.args.epochs):
            for i, batch in enumerate(loader):
                self._train_step(batch)
                if (i + 1) % self.args.batch_multiplier == 0:
                    self.optimizer.step()
                    self.model.zero_grad()

    def _train_step(self, batch: Batch):
        batch_loss = self.model(batch.src, batch.trg)
        norm_batch_loss = batch.normalize(
            batch_loss, normalization=self.args.normalization, n_gpu=self.args.n_gpu
        )
        norm_batch_loss.backward()
        norm_batch_loss = norm_batch_loss.item() / self.args.world_size
        return norm_batch_loss
