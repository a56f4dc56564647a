# expect: clean
"""A rollout buffer of our own: `feed` appends each value of a dict to the list of its key, `extract` gives the lists
back concatenated. What goes in with a graph comes out with it."""

import torch


class Rollout:
    def __init__(self, keys):
        self.keys = list(keys)
        for key in self.keys:
            setattr(self, key, [])

    def feed(self, data):
        for key, value in data.items():
            getattr(self, key).append(value)

    def extract(self, keys):
        return [torch.cat(getattr(self, key)) for key in keys]
