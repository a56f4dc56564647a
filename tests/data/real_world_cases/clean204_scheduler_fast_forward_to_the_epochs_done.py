"""The twin of `zg204_scheduler_fast_forward_one_too_many.py`: the schedule is stepped once per epoch done
(`range(epoch_str - 1)`), none on a fresh run.
"""
# expect: clean
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
    for _ in range(epoch_str - 1):
        scheduler.step()
    for epoch in range(epoch_str, epochs + 1):
        for batch in loader:
            optim.zero_grad()
            net(batch).mean().backward()
            optim.step()
        scheduler.step()
