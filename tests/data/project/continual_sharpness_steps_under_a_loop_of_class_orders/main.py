# expect: clean
"""Class-incremental training: for each task, an epoch loop over `train_one_epoch`, then an optional fine-tuning on
the memory; run once, or once per class order given."""

import argparse
import copy

import torch

from continual.engine import train_one_epoch
from continual.scaler import SplitScaler
from continual.sharpness import Sharpness
from continual.tasks import build_net, build_tasks, finetuning_set, loaders


def main(settings):
    tasks = build_tasks(settings)
    net = build_net(settings)
    criterion = torch.nn.CrossEntropyLoss()
    scaler = SplitScaler(settings.no_amp)
    teacher = None
    memory = None
    mixer = None
    for task, data in enumerate(tasks):
        if settings.max_task == task:
            break
        loader = loaders(data, settings)
        if task > 0 and settings.incremental_lr is not None:
            settings.lr = settings.incremental_lr
        optimizer = torch.optim.AdamW(net.parameters(), lr=settings.lr)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, settings.epochs)
        skipped = False
        if settings.resume and settings.start_task > task:
            epochs = 0
            skipped = True
        elif settings.base_epochs is not None and task == 0:
            epochs = settings.base_epochs
        else:
            epochs = settings.epochs
        sharp = None
        if settings.sharp_rho > 0.0 and "tr" in settings.sharp_mode and (task > 0 or not settings.sharp_skip_first):
            sharp = Sharpness(optimizer, net, rho=settings.sharp_rho, look=settings.look_k > 0)
        for epoch in range(epochs):
            train_one_epoch(net, criterion, loader, optimizer, task, scaler, settings.clip, mixer, settings=settings,
                            teacher=teacher, sharp=sharp, memory=memory, pooled=settings.pooled if task > 0 else None)
            scheduler.step()
        if settings.memory_size > 0:
            memory = copy.deepcopy(data)
        if settings.finetuning and memory and (task > 0 or tasks.nb_classes == settings.initial) and not skipped:
            tuning = loaders(finetuning_set(data, memory), settings)
            net.freeze_old()
            sharp = None
            if settings.sharp_rho > 0.0 and "ft" in settings.sharp_mode:
                sharp = Sharpness(optimizer, net, rho=settings.sharp_rho, look=settings.look_k > 0)
            optimizer = torch.optim.AdamW(net.parameters(), lr=settings.finetuning_lr)
            for epoch in range(settings.finetuning_epochs):
                train_one_epoch(net, criterion, tuning, optimizer, task, scaler, settings.clip, settings=settings,
                                teacher=teacher if settings.finetuning_teacher else None, sharp=sharp, memory=memory)
            net.unfreeze()
        teacher = copy.deepcopy(net).eval()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--class-order", type=int, nargs="*", action="append")
    settings = parser.parse_args()
    if isinstance(settings.class_order, list) and isinstance(settings.class_order[0], list):
        orders = copy.deepcopy(settings.class_order)
        for order in orders:
            settings.class_order = order
            main(settings)
    else:
        main(settings)
