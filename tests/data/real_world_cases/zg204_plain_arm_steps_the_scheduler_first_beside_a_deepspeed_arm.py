"""The buggy twin of clean204_deepspeed_arm_and_plain_arm_each_step_first.py.

The same two back ends chosen once by `args.deepspeed`, but the plain arm steps the scheduler before the optimizer:
in that run the first value of the schedule is skipped (RULES.md ZG204), whatever the other arm does.
"""
# expect: ZG204 28:13
import deepspeed
import torch
from torch.optim.lr_scheduler import LambdaLR


def train_step(batches, model, optimizer, lr_scheduler, args):
    if not args.deepspeed:
        optimizer.zero_grad()
    while True:
        loss = model(next(batches))
        if args.deepspeed:
            model.backward(loss)
        else:
            loss.backward()
        if args.deepspeed:
            if model.is_gradient_accumulation_boundary():
                model.step()
                lr_scheduler.step()
                break
            model.step()
        else:
            lr_scheduler.step()
            optimizer.step()
            break


def main(net, batches, args):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)
    if args.deepspeed:
        net, optimizer, _, _ = deepspeed.initialize(model=net, optimizer=optimizer, args=args)
    lr_scheduler = LambdaLR(optimizer, lambda step: min(1.0, step / 1000))
    for _ in range(args.train_iters):
        train_step(batches, net, optimizer, lr_scheduler, args)
