"""DDP training loops, correct and buggy, for `zerograd-lint run` under torchrun (gloo, CPU).

A line ending in a `<- ZGnnn` comment must be reported once, seen on both ranks; `(rank 1)` after the
code: seen on that rank only. Every other loop is correct and must stay silent.
"""
import contextlib

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

ACCUM = 3


def make():
    torch.manual_seed(0)
    model = DDP(nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1)))
    return model, torch.optim.AdamW(model.parameters(), lr=1e-3)


def batch():
    return torch.randn(4, 6), torch.randn(4, 1)


def no_sync_micro_batches():
    model, opt = make()
    for step in range(3):
        opt.zero_grad()
        for micro in range(ACCUM):
            x, y = batch()
            ctx = model.no_sync() if micro < ACCUM - 1 else contextlib.nullcontext()
            with ctx:
                (nn.functional.mse_loss(model(x), y) / ACCUM).backward()
        opt.step()


def no_sync_counter():
    model, opt = make()
    for i in range(6):
        x, y = batch()
        if (i + 1) % 2 != 0:
            with model.no_sync():
                (nn.functional.mse_loss(model(x), y) / 2).backward()
        else:
            (nn.functional.mse_loss(model(x), y) / 2).backward()
            opt.step()
            opt.zero_grad()


def require_sync_flag():
    model, opt = make()
    for step in range(3):
        for micro in range(ACCUM):
            model.require_backward_grad_sync = micro == ACCUM - 1
            x, y = batch()
            (nn.functional.mse_loss(model(x), y) / ACCUM).backward()
        opt.step()
        opt.zero_grad(set_to_none=True)


def no_clear():
    model, opt = make()
    for step in range(3):
        x, y = batch()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()  # <- ZG101


def clear_inside_the_no_sync_window():
    model, opt = make()
    for i in range(6):
        x, y = batch()
        opt.zero_grad()  # <- ZG105
        if (i + 1) % 3 != 0:
            with model.no_sync():
                (nn.functional.mse_loss(model(x), y) / 3).backward()
        else:
            (nn.functional.mse_loss(model(x), y) / 3).backward()
            opt.step()


def clip_after_the_step():
    model, opt = make()
    for step in range(3):
        opt.zero_grad()
        x, y = batch()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG203


def a_local_probe_on_one_rank():
    probe = nn.Linear(6, 1)
    opt = torch.optim.SGD(probe.parameters(), lr=0.1)
    for step in range(3):
        probe(batch()[0]).sum().backward()
        opt.step()  # <- ZG101 (rank 1)


def main():
    dist.init_process_group("gloo")
    no_sync_micro_batches()
    no_sync_counter()
    require_sync_flag()
    no_clear()
    clear_inside_the_no_sync_window()
    clip_after_the_step()
    if dist.get_rank() == 1:
        a_local_probe_on_one_rank()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
