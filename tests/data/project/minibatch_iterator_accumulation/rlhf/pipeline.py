# expect: clean
"""Splits each batch of a loader into `num_mb` micro-batches and yields them together, one list per optimizer
step."""


class MiniBatchIterator:
    def __init__(self, loader, mb_size, num_mb):
        self.loader = loader
        self.mb_size = mb_size
        self.num_mb = num_mb

    def __iter__(self):
        for batch in self.loader:
            yield [batch[i * self.mb_size:(i + 1) * self.mb_size] for i in range(self.num_mb)]
