# expect: ZG501 16:9
# expect: ZG101 22:17
"""The twin of clean101_parity_guard_steps_one_optimizer_every_iteration.py whose odd arm steps every optimizer and
clears nothing: the first optimizer's parameters are never cleared, so from its second step on it applies the sum of
every earlier backward's gradients (RULES.md ZG101).
"""
import torch


def train(model, loader, warmup_steps):
    adam = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    sgd = torch.optim.SGD(model.body.parameters(), lr=0.1)
    optimizers = [adam, sgd]
    for step in range(warmup_steps):
        inputs, targets = next(loader)
        model(inputs, targets).backward()
        if step % 2 == 0:
            optimizers[1].step()
            optimizers[1].zero_grad(set_to_none=True)
        else:
            for opt in optimizers:
                opt.step()
            optimizers[1].zero_grad(set_to_none=True)
