"""`opt, sched = make_optimizer(...)` from another file; the scheduler is stepped per epoch.

Seen in pytorch/rl examples/rlhf/train_rlhf.py (`optimizer, lr_scheduler =
make_optimizer(cfg.train, loss_fn)`, `if lr_scheduler is not None:
lr_scheduler.step()` after each PPO epoch) and
sota-implementations/decision_transformer/dt.py, online_dt.py
(`transformer_optim, scheduler = make_dt_optimizer(...)`, `scheduler.step()`
after each update). The factory lives in utils.py; its name says optimizer,
but a receiver named like a scheduler is never an optimizer without positive
evidence (RULES.md, issue 10 shape 3).
"""
# expect: clean
import torch
from utils import make_optimizer

model = torch.nn.Linear(4, 1)
optimizer, lr_scheduler = make_optimizer(model)
loader = [torch.randn(8, 4) for _ in range(4)]

for epoch in range(3):
    for _ in range(2):
        optimizer.zero_grad()
        for x in loader:
            model(x).pow(2).mean().backward()
        optimizer.step()
        if lr_scheduler is not None:
            lr_scheduler.step()
