"""optimizer.step() once before the loop (to silence a scheduler warning) is not in a training loop.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    optimizer.zero_grad()
    optimizer.step()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        scheduler.step()
