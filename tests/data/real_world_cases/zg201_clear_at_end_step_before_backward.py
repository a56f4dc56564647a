"""redteam: FAILS on main 61a4738, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected ZG201 15:9, got ZG102 17:9, ZG201 15:9 (on main); passes on: precision-flow 17f1a91.

Step, backward, clear at the end: the step never sees this iteration's gradients.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG201 15:9
import torch


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.step()
        loss.backward()
        optimizer.zero_grad()
