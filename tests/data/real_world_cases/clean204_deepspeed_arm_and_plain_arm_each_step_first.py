"""A pre-training step with two back ends chosen once by `args.deepspeed` (GLM's train_utils.py `train_step`).

The DeepSpeed arm backpropagates and steps through the engine, then steps the scheduler; the plain arm clears,
backpropagates, steps the optimizer and then the scheduler. `args.deepspeed` is loop invariant (RULES.md,
"Correlated conditions"): no run takes the engine's arm in one iteration and the plain arm in a later one, so the
scheduler stepped in the engine's arm is never "before the first `optimizer.step()`" of the plain arm. Silent
(reported ZG204 at the engine arm's `lr_scheduler.step()` before the first-step domain kept the tests apart).
"""
# expect: clean
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
            optimizer.step()
            lr_scheduler.step()
            break


def main(net, batches, args):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)
    if args.deepspeed:
        net, optimizer, _, _ = deepspeed.initialize(model=net, optimizer=optimizer, args=args)
    lr_scheduler = LambdaLR(optimizer, lambda step: min(1.0, step / 1000))
    for _ in range(args.train_iters):
        train_step(batches, net, optimizer, lr_scheduler, args)
