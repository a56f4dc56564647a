# expect: ZG501 24:13
"""A loss summed over its parts by rebinding (`loss = loss + part_loss`), backpropagated per micro-batch of a window
whose step follows the window, never divided by the window's size: the step applies the sum of `accum_steps`
micro-batches (RULES.md ZG501). The sum's term `loss` is the value the same assignments give, judged with them (a
sum is divided only where each term is: here the parts are not). Twin: clean501_loss_summed_over_its_parts_divided.py.
"""
import torch


def train(model, loader, accum_steps, lr=0.1):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    batches = iter(loader)
    for _ in range(len(loader) // accum_steps):
        optimizer.zero_grad()
        for _ in range(accum_steps):
            parts = next(batches)
            loss = 0
            for part in parts:
                loss = loss + model(part).mean()
            if len(parts) > 1:
                loss = loss + model(parts[0]).pow(2).mean()
            if loss == 0:
                continue
            loss.backward()
        optimizer.step()
