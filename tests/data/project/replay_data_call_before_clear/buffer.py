# expect: clean
"""A replay buffer of past examples (mammoth utils/buffer.py): tensors allocated once and written by index, sampled
back by `get_data`; no model."""

import torch


class ReplayBuffer:
    def __init__(self, size: int, dim: int = 16):
        self.size = size
        self.seen = 0
        self.examples = torch.zeros(size, dim)
        self.labels = torch.zeros(size, dtype=torch.long)

    def is_empty(self) -> bool:
        return self.seen == 0

    def add_data(self, examples, labels):
        for x, y in zip(examples, labels):
            if self.seen < self.size:
                self.examples[self.seen] = x.detach()
                self.labels[self.seen] = y
                self.seen += 1

    def get_data(self, n: int):
        chosen = torch.randperm(min(self.seen, self.size))[:n]
        return self.examples[chosen], self.labels[chosen]
