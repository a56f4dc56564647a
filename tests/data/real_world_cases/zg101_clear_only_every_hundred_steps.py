"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected ZG101 19:9, got clean (on main); passes on: no branch scored.

The clear runs only when `step % 100 == 0`; the step runs every iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:9
import torch


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(loader):
        if step % 100 == 0:
            opt.zero_grad()
            print("step", step)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
