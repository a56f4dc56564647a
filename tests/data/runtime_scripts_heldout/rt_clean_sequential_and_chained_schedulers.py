"""Runnable, correct: SequentialLR and ChainedScheduler stepped after the optimizer.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch import nn
from torch.optim import lr_scheduler

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
warm = lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=2)
cos = lr_scheduler.CosineAnnealingLR(opt, T_max=4)
sched = lr_scheduler.SequentialLR(opt, [warm, cos], milestones=[2])
model2 = nn.Linear(4, 1)
opt2 = torch.optim.Adam(model2.parameters(), lr=1e-3)
chained = lr_scheduler.ChainedScheduler([lr_scheduler.ConstantLR(opt2, factor=0.5, total_iters=2),
                                         lr_scheduler.ExponentialLR(opt2, gamma=0.9)])
for _ in range(5):
    opt.zero_grad()
    opt2.zero_grad()
    x = torch.randn(8, 4)
    (nn.functional.mse_loss(model(x), torch.randn(8, 1)) + model2(x).pow(2).mean()).backward()
    opt.step()
    opt2.step()
    sched.step()
    chained.step()
