"""A GAN recipe fast-forwards both schedules on a fresh run, then its epoch loop hands the optimizers to a helper as a list.

Modelled on RVC-Boss/GPT-SoVITS's s2_train.py (round 11; recall21): `epoch_str` is 1 on a fresh run, so `for _ in
range(epoch_str)` steps each ExponentialLR once before its optimizer's first step (RULES.md ZG204). The steps are in
`train_and_evaluate`, which unpacks the list it is handed (`optim_g, optim_d = optims`): its locals hold the caller's
optimizers (`inlining.unpacked_displays`), and that binding renews no optimizer of the caller
(`schedules.read_through_calls`).
"""
# expect: ZG204 37:9
# expect: ZG204 38:9
import torch


def train_and_evaluate(epoch, nets, optims, loader):
    net_g, net_d = nets
    optim_g, optim_d = optims
    for batch in loader:
        optim_d.zero_grad()
        net_d(batch).mean().backward()
        optim_d.step()
        optim_g.zero_grad()
        net_g(batch).mean().backward()
        optim_g.step()


def run(net_g, net_d, loader, epochs, lr_decay, checkpoint):
    optim_g = torch.optim.AdamW(net_g.parameters(), lr=2e-4)
    optim_d = torch.optim.AdamW(net_d.parameters(), lr=2e-4)
    try:
        state = torch.load(checkpoint)
        epoch_str = state["epoch"] + 1
    except Exception:
        epoch_str = 1
    scheduler_g = torch.optim.lr_scheduler.ExponentialLR(optim_g, gamma=lr_decay, last_epoch=-1)
    scheduler_d = torch.optim.lr_scheduler.ExponentialLR(optim_d, gamma=lr_decay, last_epoch=-1)
    for _ in range(epoch_str):
        scheduler_g.step()
        scheduler_d.step()
    for epoch in range(epoch_str, epochs + 1):
        train_and_evaluate(epoch, [net_g, net_d], [optim_g, optim_d], loader)
        scheduler_g.step()
        scheduler_d.step()
