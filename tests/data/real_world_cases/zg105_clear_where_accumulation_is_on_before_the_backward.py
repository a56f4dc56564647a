"""The twin of `clean105_clear_only_where_every_iteration_steps.py` with the early clear's test turned: it runs only
where the count is above 1, so in every iteration between two steps, and throws away the micro-batches of the window
(RULES.md ZG105). A count of 1 decides the modulo test; a count above 1 does not.
"""
# expect: ZG105 14:13
import torch


def train(model, loader, optimizer, accumulation_steps):
    for i, (x, y) in enumerate(loader):
        if accumulation_steps == 1:
            optimizer.zero_grad()
        if accumulation_steps > 1:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / accumulation_steps
        loss.backward()
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
