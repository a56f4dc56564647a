"""redteam: FAILS on precision-roles f58db55: expected ZG301 15:47, got ZG302 15:47 (on precision-roles); passes on: main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4.

A gradient logger at the top of the iteration, right after the (default set_to_none) clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG301 15:47
import torch


def train(model, loader, optimizer, writer):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        for name, p in model.named_parameters():
            writer.add_scalar(f"grad/{name}", p.grad.abs().mean(), step)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
