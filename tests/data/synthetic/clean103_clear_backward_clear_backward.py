"""Two phases per iteration, each cleared, with a backward and a step in between.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt):
    for x, y, x_aux in loader:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        aux = model(x_aux).pow(2).mean()
        aux.backward()
        opt.step()
