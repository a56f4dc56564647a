# expect: clean
"""One epoch of a task: a plain scaled step, or a sharpness-aware one (every batch, or every k-th batch)."""

import torch

from continual.meters import Meters


def losses_of(x, y, net, teacher, criterion, settings):
    out = net(x)
    loss = criterion(out, y)
    distil = None
    if teacher is not None and settings.distil > 0:
        with torch.no_grad():
            old = teacher(x)
        distil = settings.distil * ((out[:, : old.shape[1]] - old) ** 2).mean()
    return loss, distil


def train_one_epoch(net, criterion, loader, optimizer, task, scaler, clip, mixer=None, settings=None,
                    teacher=None, sharp=None, memory=None, pooled=None):
    meters = Meters()
    for index, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        if mixer is not None:
            x, y = mixer(x, y)
        if sharp is not None and settings.sharp_first == "memory" and task > 0:
            mx, my = memory.get()
            with torch.autocast("cuda", enabled=not settings.no_amp):
                parts = losses_of(mx, my, net, teacher, criterion, settings)
        else:
            with torch.autocast("cuda", enabled=not settings.no_amp):
                parts = losses_of(x, y, net, teacher, criterion, settings)
        loss = sum(part for part in parts if part is not None)
        extra = net.extra_losses(loss)
        for value in extra.values():
            loss += value
        if pooled is not None and teacher is not None:
            weight = settings.pooled_weight if settings.pooled_scaling else 1.0
            loss += weight * pooled * net.pooled_distance(teacher)

        if sharp is not None and settings.look_k > 0:
            looked = False
            if index % settings.look_k == 0:
                scaler.backward_half(loss, optimizer, clip, net.parameters())
                scaler.update()
                sharp.first_step()
                optimizer.zero_grad()
                looked = True
                with torch.autocast("cuda", enabled=not settings.no_amp):
                    parts = losses_of(x, y, net, teacher, criterion, settings)
                loss = sum(part for part in parts if part is not None)
                extra = net.extra_losses(loss)
                for value in extra.values():
                    loss += value
            scaler.backward_half(loss, optimizer, clip, net.parameters())
            sharp.second_step(looked=looked)
            scaler.step_half(optimizer, net)
        elif sharp is not None:
            scaler.backward_half(loss, optimizer, clip, net.parameters())
            scaler.update()
            sharp.first_step()
            optimizer.zero_grad()
            if settings.sharp_second == "memory" and task > 0:
                mx, my = memory.get()
                with torch.autocast("cuda", enabled=not settings.no_amp):
                    parts = losses_of(mx, my, net, teacher, criterion, settings)
            else:
                with torch.autocast("cuda", enabled=not settings.no_amp):
                    parts = losses_of(x, y, net, teacher, criterion, settings)
            loss = sum(part for part in parts if part is not None)
            extra = net.extra_losses(loss)
            for value in extra.values():
                loss += value
            scaler.backward_half(loss, optimizer, clip, net.parameters())
            sharp.second_step()
            scaler.step_half(optimizer, net)
        else:
            scaler(loss, optimizer, net, clip, net.parameters())

        meters.add_all(extra)
        meters.add(loss=parts[0])
        meters.add(distil=parts[1])
        meters.add(lr=optimizer.param_groups[0]["lr"])
        if settings.debug:
            break
    return meters
