# expect: clean
"""The entry point: timm's loss scaler and optimizer factory, the epoch of engine.py."""

from timm.optim import create_optimizer
from timm.utils import NativeScaler

from engine import train_one_epoch


def main(args, model, criterion, data_loader_train, device):
    optimizer = create_optimizer(args, model)
    loss_scaler = NativeScaler()
    for epoch in range(args.start_epoch, args.epochs):
        train_one_epoch(model, criterion, data_loader_train, optimizer, device, epoch, loss_scaler, args.clip_grad)
