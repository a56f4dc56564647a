"""A clear retried with other arguments in a loop over a container of optimizers (mosaicml/composer's
`_train_microbatches`, written here): `try: optimizer.zero_grad(set_to_none=True)` / `except TypeError:
optimizer.zero_grad()` for each optimizer of the list, then the micro-batches' backwards and each optimizer's step. The
handler runs only where the first call raised, and each iteration clears another optimizer: nothing is cleared twice
(RULES.md ZG103). The twin
`zg103_clear_twice_in_a_loop_over_the_optimizers.py` clears each optimizer twice in one pass.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, micro_batches):
        self.model = model
        self.optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]
        self.micro_batches = micro_batches

    def train_batch(self, batch):
        while True:
            try:
                self.train_micro_batches(batch)
                for optimizer in self.optimizers:
                    optimizer.step()
            except RuntimeError:
                pass
            return

    def train_micro_batches(self, batch):
        for optimizer in self.optimizers:
            try:
                optimizer.zero_grad(set_to_none=True)
            except TypeError:
                optimizer.zero_grad()
        for micro in batch:
            (self.model(micro).sum() / self.micro_batches).backward()
