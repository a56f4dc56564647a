# expect: clean
"""learnables/learn2learn's examples/vision/reptile_miniimagenet.py, reduced: each meta-iteration clears the meta
optimizer (`set_to_none`, the default), then gives every parameter a new zero tensor (`p.grad =
torch.zeros_like(p.data)`) and adds each task's parameter difference into `p.grad.data` before the meta step. The
zeros are no second clear: after the first one the gradients are None, and the additions need tensors (RULES.md ZG103
asks for a clear with nothing to do; without this one the guarded additions would skip every parameter). The twin
zg103_zeros_written_after_a_clear_that_kept_tensors.py clears with `set_to_none=False` first."""

import copy

import torch
from torch import nn

model = nn.Linear(8, 4)
opt = torch.optim.SGD(model.parameters(), lr=1.0)
tasks = [(torch.randn(16, 8), torch.randn(16, 4)) for _ in range(4)]

for iteration in range(100):
    opt.zero_grad()
    for p in model.parameters():
        p.grad = torch.zeros_like(p.data)
    for x, y in tasks:
        learner = copy.deepcopy(model)
        adapt_opt = torch.optim.Adam(learner.parameters(), lr=1e-3)
        for _ in range(5):
            adapt_opt.zero_grad()
            nn.functional.mse_loss(learner(x), y).backward()
            adapt_opt.step()
        for p, l in zip(model.parameters(), learner.parameters()):
            if p.grad is not None:
                p.grad.data.add_(p.data - l.data)
    opt.step()
