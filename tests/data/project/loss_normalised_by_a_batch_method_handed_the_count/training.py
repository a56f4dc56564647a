# expect: clean
"""joeynmt/joeynmt's joeynmt/training.py (`TrainManager._train_step`, lines 568 and 570 at the reviewed commit): the
loss of a counter-guarded accumulation is normalised by `batch.normalize(..., n_accumulation=self.args.batch_multiplier)`,
handed the step guard's count, then backpropagated; after the backward it is rebound to a number for logging. The
method is one of a parameter the analysis does not follow; handed the count, it divides by it or, in its `"sum"` arm,
keeps the loss summed on purpose (RULES.md ZG501: not reported), as a reduction given a value not written here is
read. The rebinding after the backward never reaches it (`reaching_assignments.py`): before that was read, the
logging value's division had kept ZG501 silent here by chance. The twin
zg501_loss_normalised_by_a_batch_method_not_handed_the_count/ leaves the count out."""

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
            batch_loss, normalization=self.args.normalization, n_accumulation=self.args.batch_multiplier
        )
        norm_batch_loss.backward()
        norm_batch_loss = norm_batch_loss.item() / self.args.world_size
        return norm_batch_loss
