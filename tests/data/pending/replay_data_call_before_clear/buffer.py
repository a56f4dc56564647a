# expect: clean
"""A replay buffer of past examples (mammoth utils/buffer.py): stores tensors and samples them back, no model."""

import torch


class ReplayBuffer:
    def __init__(self, size: int):
        self.size = size
        self.examples = []
        self.labels = []

    def is_empty(self) -> bool:
        return not self.examples

    def add_data(self, examples, labels):
        for x, y in zip(examples, labels):
            if len(self.examples) < self.size:
                self.examples.append(x.detach())
                self.labels.append(y)

    def get_data(self, n: int):
        chosen = torch.randperm(len(self.examples))[:n].tolist()
        inputs = torch.stack([self.examples[i] for i in chosen])
        labels = torch.stack([self.labels[i] for i in chosen])
        return inputs, labels
