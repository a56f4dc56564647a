"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 19:17, got ZG301 19:17 (on main); passes on: precision-roles f58db55.

Per-parameter max

Held-out case (redteam), labelled from RULES.md.
"""
# grad
# collected after the backward over an nn.Linear.
# needs: --extend-select ZG302
# expect: ZG302 19:17
import torch
from torch import nn

model = nn.Linear(6, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in [(torch.randn(4, 6), torch.randint(0, 2, (4,))) for _ in range(3)]:
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    stats = {n: p.grad.abs().max().item() for n, p in model.named_parameters()}
    opt.step()
    print(stats)
