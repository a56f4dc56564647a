"""A NaN loss "drops" its batch with zeros: `set_to_none=False` leaves zero tensors, and the step applies them
(SGD's momentum buffer still moves every weight)."""
# expect: ZG102 18:13
import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)


def train(batches):
    for x, y in batches:
        optimizer.zero_grad(set_to_none=False)
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        if torch.isnan(loss):
            print("nan loss")
            optimizer.zero_grad(set_to_none=False)
        optimizer.step()


train([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
