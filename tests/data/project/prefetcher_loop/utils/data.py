# expect: clean
"""A loader wrapper that copies the next batch to the device while the current one trains (apex's ImageNet shape)."""

import torch


class CudaPrefetcher:
    def __init__(self, loader, device):
        self.loader = iter(loader)
        self.device = device
        self.preload()

    def preload(self):
        try:
            self.next_input, self.next_target = next(self.loader)
        except StopIteration:
            self.next_input = self.next_target = None
            return
        self.next_input = self.next_input.to(self.device, non_blocking=True)
        self.next_target = self.next_target.to(self.device, non_blocking=True)

    def next(self):
        batch = self.next_input, self.next_target
        self.preload()
        return batch

    def __iter__(self):
        while self.next_input is not None:
            yield self.next()
