# expect: clean
"""The twin wrapper: the same window of micro-batches, cleared right after each step."""

import torch


class ClearingOptimWrapper:
    def __init__(self, optimizer, accumulative_counts=1):
        self.optimizer = optimizer
        self.accumulative_counts = accumulative_counts
        self._inner_count = 0

    def update_params(self, loss):
        (loss / self.accumulative_counts).backward()
        self._inner_count += 1
        if self._inner_count % self.accumulative_counts == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()


def build_clearing_optim_wrapper(model, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    return ClearingOptimWrapper(optimizer, cfg.accumulative_counts)
