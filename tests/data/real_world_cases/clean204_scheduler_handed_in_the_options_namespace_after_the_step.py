"""The clean twin of zg204_scheduler_handed_in_the_options_namespace.py: `main` stores the SGD and its `LambdaLR` on
the options namespace and `train(model, args, ...)` takes them back, but steps the scheduler after the optimizer's
step (RULES.md ZG204's order). A second helper is handed a namespace on which its caller stores no scheduler
(`opts.scheduler` stays the helper's own, unknown, and unknown never makes a report). Silent.
"""
# expect: clean
import torch


def train(model, args, *, val_interval, all_iters):
    optimizer = args.optimizer
    scheduler = args.scheduler
    loader = args.train_dataprovider
    model.train()
    for iters in range(1, val_interval + 1):
        all_iters += 1
        data, target = loader.next()
        optimizer.zero_grad()
        loss = args.loss_function(model(data), target)
        loss.backward()
        optimizer.step()
        scheduler.step()
    return all_iters


def finetune(model, opts, loader):
    for data, target in loader:
        opts.scheduler.step()
        opts.optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(data), target).backward()
        opts.optimizer.step()


def main(args, opts, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0 - step / args.total_iters)
    args.optimizer = optimizer
    args.loss_function = torch.nn.CrossEntropyLoss()
    args.scheduler = scheduler
    args.train_dataprovider = loader
    all_iters = 0
    while all_iters < args.total_iters:
        all_iters = train(model, args, val_interval=args.val_interval, all_iters=all_iters)
    finetune(model, opts, loader)
