"""A Python 2 print statement in a training script.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG000 15:9
import torch


def train(model, loader, opt):
    for i, (x, y) in enumerate(loader):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        print "step", i, loss.item()
