# expect: clean
"""The twin: `unscale_` before the helper's clip."""

import torch

from utils import misc


def train_one_epoch(student, teacher, loss_fn, data_loader, optimizer, epoch, fp16_scaler, args):
    for it, images in enumerate(data_loader):
        optimizer.zero_grad()
        with torch.cuda.amp.autocast(fp16_scaler is not None):
            loss = loss_fn(student(images), teacher(images), epoch)
        if fp16_scaler is None:
            loss.backward()
            if args.clip_grad:
                misc.clip_gradients(student, args.clip_grad)
            optimizer.step()
        else:
            fp16_scaler.scale(loss).backward()
            if args.clip_grad:
                fp16_scaler.unscale_(optimizer)
                misc.clip_gradients(student, args.clip_grad)
            fp16_scaler.step(optimizer)
            fp16_scaler.update()


def main(args, student, teacher, loss_fn, data_loader):
    optimizer = torch.optim.AdamW(student.parameters())
    fp16_scaler = torch.cuda.amp.GradScaler() if args.use_fp16 else None
    for epoch in range(args.epochs):
        train_one_epoch(student, teacher, loss_fn, data_loader, optimizer, epoch, fp16_scaler, args)
