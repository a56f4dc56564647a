"""DDP (one gloo process) accumulating under no_sync(), but the clear runs every micro-batch: only the last reaches the step."""
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

store = os.path.join(tempfile.mkdtemp(), "store")
dist.init_process_group("gloo", init_method=f"file://{store}", rank=0, world_size=1)
torch.manual_seed(0)
model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
micro_batches = 3
for i in range(9):
    optimizer.zero_grad()  # <- ZG105
    inputs, targets = torch.randn(4, 4), torch.randn(4, 1)
    if (i + 1) % micro_batches != 0:
        with model.no_sync():
            (nn.functional.mse_loss(model(inputs), targets) / micro_batches).backward()
    else:
        (nn.functional.mse_loss(model(inputs), targets) / micro_batches).backward()
        optimizer.step()
dist.destroy_process_group()
