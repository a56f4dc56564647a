# expect: clean
"""The mean of a tensor over the processes, for logging (Point-MAE's utils/dist_utils.py)."""

import torch


def reduce_tensor(tensor, args):
    rt = tensor.clone()
    torch.distributed.all_reduce(rt)
    rt /= args.world_size
    return rt
