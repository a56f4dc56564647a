# expect: clean
"""The script: timm's optimizer, scheduler and loss scaler. timm's schedulers take the epoch (`step(epoch)`) and the
update count (`step_update`): they are no PyTorch LR schedulers, so stepping one before the first epoch skips
nothing. The accumulation mistake is reported in engine.py."""

from timm.optim import create_optimizer_v2
from timm.scheduler import create_scheduler_v2
from timm.utils import NativeScaler

import engine
import engine_clean


def main(args, model, loader, loss_fn):
    optimizer = create_optimizer_v2(model, opt=args.opt, lr=args.lr, weight_decay=args.weight_decay)
    loss_scaler = NativeScaler()
    lr_scheduler, num_epochs = create_scheduler_v2(optimizer, sched=args.sched, num_epochs=args.epochs)
    start_epoch = args.start_epoch
    if start_epoch > 0:
        lr_scheduler.step(start_epoch)
    one_epoch = engine_clean.train_one_epoch if args.fixed else engine.train_one_epoch
    for epoch in range(start_epoch, num_epochs):
        lr_scheduler.step(epoch)
        one_epoch(epoch, model, loader, optimizer, loss_fn, args, lr_scheduler=lr_scheduler, loss_scaler=loss_scaler)
        lr_scheduler.step(epoch + 1)
