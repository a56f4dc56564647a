"""The twin of `zg204_fast_forward_before_a_helper_unpacking_the_optimizers.py` whose helper builds optimizers of its
own (`optim_g = torch.optim.AdamW(...)`): their steps say nothing of the caller's optimizers, whose schedules may be
fast-forwarded with no step seen after them (unknown: silent)."""
# expect: clean
import torch


def train_and_evaluate(epoch, nets, optims, loader):
    net_g, net_d = nets
    optim_g = torch.optim.AdamW(net_g.parameters())
    optim_d = torch.optim.AdamW(net_d.parameters())
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
