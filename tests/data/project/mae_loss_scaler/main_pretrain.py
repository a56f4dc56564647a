# expect: clean
"""The entry point: the scaler copy of util/misc.py handed to engine_pretrain.py's epoch (reported there)."""

import torch

from engine_pretrain import train_one_epoch
from util.misc import NativeScalerWithGradNormCount as NativeScaler


def main(args, model, data_loader_train, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95))
    loss_scaler = NativeScaler()
    for epoch in range(args.start_epoch, args.epochs):
        data_loader_train.sampler.set_epoch(epoch)
        train_one_epoch(model, data_loader_train, optimizer, device, epoch, loss_scaler, args=args)
