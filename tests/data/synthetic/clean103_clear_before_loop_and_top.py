"""A clear before the loop and one at the top of each iteration (after a step the top one has work).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader):
    opt = torch.optim.Adam(model.parameters())
    opt.zero_grad()
    for x, y in loader:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
