"""Meta-learning: per task a copy of the model and a plain SGD; the meta-optimizer built once."""
import copy

import torch
from torch import nn

torch.manual_seed(0)
meta_model = nn.Linear(3, 1)
meta_optimizer = torch.optim.Adam(meta_model.parameters(), lr=1e-3)
for meta_step in range(3):
    meta_optimizer.zero_grad()
    for task in range(2):
        learner = copy.deepcopy(meta_model)
        inner = torch.optim.Adam(learner.parameters(), lr=0.1)
        for _ in range(2):
            inner.zero_grad()
            learner(torch.randn(4, 3)).pow(2).mean().backward()
            inner.step()
        (meta_model(torch.randn(4, 3)).pow(2).mean() / 2).backward()
    meta_optimizer.step()
for i in range(3):
    probe = torch.optim.SGD(meta_model.parameters(), lr=0.01)
    probe.zero_grad()
    meta_model(torch.randn(2, 3)).sum().backward()
    probe.step()
