# expect: clean
"""The epoch loop: with a scaler, the scaled backward, then the helper's clip before `scaler.step` and no
`unscale_` (reported in utils/misc.py); without one, a plain backward and step."""

import torch

import utils.misc as utils


def train_one_epoch(student, teacher, loss_fn, data_loader, optimizer, epoch, fp16_scaler, args):
    for it, images in enumerate(data_loader):
        optimizer.zero_grad()
        with torch.cuda.amp.autocast(fp16_scaler is not None):
            loss = loss_fn(student(images), teacher(images), epoch)
        if fp16_scaler is None:
            loss.backward()
            if args.clip_grad:
                utils.clip_gradients(student, args.clip_grad)
            utils.cancel_gradients_last_layer(epoch, student, args.freeze_last_layer)
            optimizer.step()
        else:
            fp16_scaler.scale(loss).backward()
            if args.clip_grad:
                utils.clip_gradients(student, args.clip_grad)
            utils.cancel_gradients_last_layer(epoch, student, args.freeze_last_layer)
            fp16_scaler.step(optimizer)
            fp16_scaler.update()


def main(args, student, teacher, loss_fn, data_loader):
    optimizer = torch.optim.AdamW(student.parameters())
    fp16_scaler = torch.cuda.amp.GradScaler() if args.use_fp16 else None
    for epoch in range(args.epochs):
        train_one_epoch(student, teacher, loss_fn, data_loader, optimizer, epoch, fp16_scaler, args)
