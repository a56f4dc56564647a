# expect: clean
"""The twin of zg501_loss_summed_over_its_parts_undivided.py whose parts are each divided by the window's size before
they are added (`loss = loss + model(part).mean() / accum_steps`): the sum is divided where each of its terms is, the
term `loss` being the value the same assignments give, so the step after the window applies the window's mean
(RULES.md ZG501 asks for no more).
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
                loss = loss + model(part).mean() / accum_steps
            if len(parts) > 1:
                loss = loss + model(parts[0]).pow(2).mean() / accum_steps
            if loss == 0:
                continue
            loss.backward()
        optimizer.step()
