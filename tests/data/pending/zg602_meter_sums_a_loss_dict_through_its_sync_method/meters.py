# expect: ZG602 30:9
"""A running mean (efficientvit's apps/utils/metric.py): `update` adds `val * delta_n` into `self.sum` through
`_sync`, which gathers the value over the processes where the meter is distributed and hands it back as it is where it
is not. A meter built with `is_distributed=dist.is_initialized()` in a single process keeps every tensor it is handed,
graph and all (RULES.md ZG602)."""

import torch
import torch.distributed as dist


def sync_tensor(tensor):
    if not dist.is_initialized():
        return tensor
    gathered = [torch.empty_like(tensor) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, tensor.contiguous())
    return sum(gathered)


class AverageMeter:
    def __init__(self, is_distributed=True):
        self.is_distributed = is_distributed
        self.sum = 0
        self.count = 0

    def _sync(self, val):
        return sync_tensor(val) if self.is_distributed else val

    def update(self, val, delta_n=1):
        self.count += delta_n
        self.sum += self._sync(val * delta_n)
