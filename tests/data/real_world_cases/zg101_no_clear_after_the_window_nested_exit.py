"""The twin of `clean101_clear_per_step_or_after_the_window_nested_exit.py` with no
clear after the window's step: with accumulation each step applies again the
gradients of every earlier window (RULES.md ZG101)."""
# expect: ZG104 14:13
# expect: ZG101 19:9
import torch


def train(model, loader, n):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for i, (x, y) in enumerate(loader, 1):
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        if n == 1:
            optimizer.zero_grad()
        loss.backward()
        if n != 1:
            if i % n != 0:
                continue
        optimizer.step()
