"""A one-shot NAS supernet's training (megvii-model/SinglePathOneShot's src/Supernet/train.py, its template copy
alike): `main` builds the SGD and a `LambdaLR` on it, stores both on the options namespace (`args.optimizer = ...`,
`args.scheduler = ...`) and calls `train(model, args, ...)` until the iterations run out; `train` takes them back
(`scheduler = args.scheduler`) and steps the scheduler at the top of each iteration, before the optimizer's step, so
the schedule's first value is skipped (RULES.md ZG204). The helper's `args.scheduler` is what its caller stored on
the argument it handed (the scheduler's optimizer is `main`'s `optimizer`, as `args.optimizer` is); reported.
"""
# expect: ZG204 18:9
import torch


def train(model, args, *, val_interval, all_iters):
    optimizer = args.optimizer
    scheduler = args.scheduler
    loader = args.train_dataprovider
    model.train()
    for iters in range(1, val_interval + 1):
        scheduler.step()
        all_iters += 1
        data, target = loader.next()
        optimizer.zero_grad()
        loss = args.loss_function(model(data), target)
        loss.backward()
        optimizer.step()
    return all_iters


def main(args, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0 - step / args.total_iters)
    args.optimizer = optimizer
    args.loss_function = torch.nn.CrossEntropyLoss()
    args.scheduler = scheduler
    args.train_dataprovider = loader
    all_iters = 0
    while all_iters < args.total_iters:
        all_iters = train(model, args, val_interval=args.val_interval, all_iters=all_iters)
