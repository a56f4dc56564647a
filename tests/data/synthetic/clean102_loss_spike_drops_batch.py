"""A loss far above its running mean is dropped: the default clear leaves `.grad` None and the step skips it."""
# expect: clean
import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
SPIKE = 4.0


def train(batches):
    running = None
    for x, y in batches:
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        value = loss.item()
        if running is not None and value > SPIKE * running:
            optimizer.zero_grad()
        else:
            running = value if running is None else 0.95 * running + 0.05 * value
        optimizer.step()
        optimizer.zero_grad()


train([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
