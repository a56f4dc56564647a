"""Runnable, correct: DDP (one gloo process) accumulating under no_sync(), stepping on the last micro-batch.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

store = os.path.join(tempfile.mkdtemp(), "store")
dist.init_process_group("gloo", init_method=f"file://{store}", rank=0, world_size=1)
torch.manual_seed(0)
ddp = DDP(nn.Linear(4, 1))
opt = torch.optim.SGD(ddp.parameters(), lr=0.05)
accum = 2
for i in range(6):
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    if (i + 1) % accum != 0:
        with ddp.no_sync():
            (nn.functional.mse_loss(ddp(x), y) / accum).backward()
    else:
        (nn.functional.mse_loss(ddp(x), y) / accum).backward()
        opt.step()
        opt.zero_grad()
dist.destroy_process_group()
