"""redteam: FAILS on main 61a4738, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG101 23:13 (on main); passes on: precision-flow 17f1a91.

Interleaved train/val batches: `if split == "train":` around the clear and again around backward and step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def run(model, batches, criterion):
    optimizer = torch.optim.Adam(model.parameters())
    for split, (x, y) in batches:
        if split == "train":
            model.train()
            optimizer.zero_grad()
        else:
            model.eval()
        out = model(x)
        loss = criterion(out, y)
        if split == "train":
            loss.backward()
            optimizer.step()
