# expect: clean
"""The twin: the loss divided by the number of micro-batches before the helper's backward."""

import torch
from torch.nn.parallel import DistributedDataParallel

from utils.distributed import backward_micro_batch


def train(args, model, loader, criterion, device):
    model = DistributedDataParallel(model.to(device), device_ids=[device])
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        loader.sampler.set_epoch(epoch)
        for step, (inputs, targets) in enumerate(loader):
            sync = (step + 1) % args.accum_steps == 0
            loss = criterion(model(inputs.to(device)), targets.to(device)) / args.accum_steps
            backward_micro_batch(model, loss, sync)
            if sync:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
