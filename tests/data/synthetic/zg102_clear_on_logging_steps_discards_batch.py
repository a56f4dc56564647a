"""On logging steps the clear sits after the backward: every tenth batch's gradients are thrown away unstepped."""
# expect: ZG102 18:13
import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.Adam(model.parameters())
LOG_EVERY = 10


def train(batches):
    for step, (x, y) in enumerate(batches):
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        if step % LOG_EVERY == 0:
            norms = [p.grad.norm().item() for p in model.parameters() if p.grad is not None]
            print(step, loss.item(), norms)
            optimizer.zero_grad()
        optimizer.step()
        optimizer.zero_grad()


train([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
