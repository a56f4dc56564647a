"""Accumulation with the clear right after each backward: the guarded step never sees a gradient. One cause, one
report (RULES.md): ZG102, the clear between the backward and the step; no micro-batch at all reaches the step, so it
is not also ZG105's "only the last micro-batch reaches the step"."""
# expect: ZG102 13:9
import torch


def train(model, loader, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        opt.zero_grad()
        if (i + 1) % accum == 0:
            opt.step()
