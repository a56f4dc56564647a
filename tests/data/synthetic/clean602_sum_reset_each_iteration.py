"""The loss is summed into a variable created inside the iteration (it does not outlive it).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
        batch_loss = 0
        out = model(x)
        batch_loss += torch.nn.functional.mse_loss(out, y)
        batch_loss += 1e-4 * out.pow(2).mean()
        batch_loss.backward()
        opt.step()
        print(batch_loss.item())
