"""A batch retried until it fits in memory (mosaicml/composer's `_train_batch`, written here): `while True:` runs the
micro-batches and the step; when it runs out of memory it clears every optimizer, halves the micro-batch size and
`continue`s, else it returns. The clear at the top of `train_micro_batches` finds the gradients already clear only on
a retry; on the path every batch takes (the loop's entry, after the step of the batch before) it has work to do
(RULES.md ZG103: already clear on every path). The twin `zg103_clear_after_the_caller_cleared_before_a_retry_loop.py`
clears before the retry loop too.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]
        self.loader = loader
        self.micro_batch_size = 8

    def fit(self):
        for batch in self.loader:
            self.train_batch(batch)

    def train_batch(self, batch):
        while True:
            out_of_memory = False
            try:
                self.train_micro_batches(batch)
                for optimizer in self.optimizers:
                    optimizer.step()
            except RuntimeError:
                out_of_memory = True
            if out_of_memory:
                self.micro_batch_size //= 2
                for optimizer in self.optimizers:
                    optimizer.zero_grad(set_to_none=True)
                continue
            return

    def train_micro_batches(self, batch):
        for optimizer in self.optimizers:
            optimizer.zero_grad()
        for micro_batch in batch.split(self.micro_batch_size):
            loss = self.model(micro_batch).sum() / len(batch)
            loss.backward()
