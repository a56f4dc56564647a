"""The twin of `zg204_scheduler_fast_forward_one_too_many.py` whose count is always the same number: a run resumed at
a fixed epoch (`start_epoch = 2`, epochs counted from 0) fast-forwards its schedule by the two epochs done, on purpose;
there is no fresh run whose schedule would move before the first step (tests/data/runtime_scripts'
ok_scheduler_fast_forward.py, run clean under the guard)."""
# expect: clean
import torch


def run(net, loader, epochs):
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optim, step_size=2, gamma=0.5)
    start_epoch = 2
    for _ in range(start_epoch):
        scheduler.step()
    for epoch in range(start_epoch, epochs):
        for batch in loader:
            optim.zero_grad()
            net(batch).mean().backward()
            optim.step()
        scheduler.step()
