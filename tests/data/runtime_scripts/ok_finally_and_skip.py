"""The clear in a `finally`; a NaN batch skipped before its backward; a step every other batch with
its own backward under the same condition (an update schedule, not accumulation)."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
optimizer = torch.optim.Adam(model.parameters())
for i in range(6):
    try:
        x = torch.randn(3, 4)
        if i == 2:
            x[0, 0] = float("nan")
        loss = model(x).pow(2).mean()
        if torch.isnan(loss):
            continue
        loss.backward()
        optimizer.step()
    finally:
        optimizer.zero_grad()
for i in range(6):
    optimizer.zero_grad()
    if i % 2 == 0:
        model(torch.randn(3, 4)).abs().mean().backward()
        optimizer.step()
