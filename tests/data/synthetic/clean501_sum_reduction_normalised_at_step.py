"""reduction="sum" on purpose; the gradients are normalised by the token count before the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, loader, optimizer, accum):
    criterion = torch.nn.CrossEntropyLoss(reduction="sum")
    tokens = 0
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        tokens += y.numel()
        if (i + 1) % accum == 0:
            for p in model.parameters():
                if p.grad is not None:
                    p.grad.div_(tokens)
            optimizer.step()
            optimizer.zero_grad()
            tokens = 0
