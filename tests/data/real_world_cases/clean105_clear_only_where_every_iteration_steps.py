"""A clear before the backward only without accumulation (`if accumulation_steps == 1:`), and after the step
under the counter test otherwise (a shape hist21 met while reducing a bug report): where the early clear runs the count
is 1, so `(i + 1) % accumulation_steps == 0` holds in every iteration and the step follows each backward. Nothing is
thrown away (RULES.md ZG105: the clear does not run in the iterations between two steps). The twin
`zg105_clear_where_accumulation_is_on_before_the_backward.py` clears before the backward where the count is above 1.
"""
# expect: clean
import torch


def train(model, loader, optimizer, accumulation_steps):
    for i, (x, y) in enumerate(loader):
        if accumulation_steps == 1:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / accumulation_steps
        loss.backward()
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
            if accumulation_steps > 1:
                optimizer.zero_grad()
