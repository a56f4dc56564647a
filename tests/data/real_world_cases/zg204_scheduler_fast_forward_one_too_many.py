"""A GAN recipe fast-forwards its schedule to the epoch it resumes at, counting epochs from 1.

Modelled on RVC-Boss/GPT-SoVITS's s2_train.py (round 11): `epoch_str` is the epoch to run next, 1 on a fresh run (the
`except:` of the checkpoint load), and `for _ in range(epoch_str): scheduler.step()` steps the ExponentialLR once more
than the epochs done: on a fresh run once before the optimizer's first step (RULES.md ZG204), so the first epoch runs
at lr * gamma. A fast-forward before the loop is left alone (right for `range(start_epoch)` from 0) unless, as here,
the count the file gives it on some path runs it at least once (`schedules.fast_forwards_on_a_fresh_run`).
"""
# expect: ZG204 24:9
import torch


def run(net, loader, epochs, lr_decay, checkpoint):
    optim = torch.optim.AdamW(net.parameters(), lr=2e-4)
    try:
        state = torch.load(checkpoint)
        net.load_state_dict(state["model"])
        optim.load_state_dict(state["optimizer"])
        epoch_str = state["epoch"] + 1
    except Exception:
        epoch_str = 1
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optim, gamma=lr_decay, last_epoch=-1)
    for _ in range(epoch_str):
        scheduler.step()
    for epoch in range(epoch_str, epochs + 1):
        for batch in loader:
            optim.zero_grad()
            net(batch).mean().backward()
            optim.step()
        scheduler.step()
