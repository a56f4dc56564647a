"""An accumulation window whose clear sits under the step's own counter test, before the backward (facebookresearch/dlrm
dlrm_s_pytorch.py, "add mlperf gradient accumulation"): the iterations between two steps backpropagate without a clear,
then the stepping iteration clears first, throwing them away, and steps on its own micro-batch only. RULES.md ZG105
says "a clear runs every iteration before the backward"; this one runs only where the step does, with the same effect
(only the last micro-batch reaches the step). The twin clearing after the step is silent (it is correct).
"""
# expect: ZG105 15:13
import torch


def train(model, loader, loss_fn, accum_iter=4, lr=0.1):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for j, (x, y) in enumerate(loader):
        if (j + 1) % accum_iter == 0:
            optimizer.zero_grad()
        loss = loss_fn(model(x), y) / accum_iter
        loss.backward()
        if (j + 1) % accum_iter == 0:
            optimizer.step()


def train_clearing_after_the_step(model, loader, loss_fn, accum_iter=4, lr=0.1):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for j, (x, y) in enumerate(loader):
        loss = loss_fn(model(x), y) / accum_iter
        loss.backward()
        if (j + 1) % accum_iter == 0:
            optimizer.step()
            optimizer.zero_grad()
