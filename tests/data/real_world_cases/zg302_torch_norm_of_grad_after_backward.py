"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG302 18:33, got ZG301 18:33 (on main); passes on: precision-roles f58db55.

torch.norm(p.grad) over optimizer.param_groups after the backward.

Held-out case (redteam), labelled from RULES.md.
"""
# needs: --extend-select ZG302
# expect: ZG302 18:33
import torch


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        for group in optimizer.param_groups:
            norms = [torch.norm(p.grad) for p in group["params"]]
            print(max(norms))
        optimizer.step()
