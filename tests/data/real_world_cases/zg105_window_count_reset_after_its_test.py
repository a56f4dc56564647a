"""The twin of `clean105_skipped_count_started_afresh_each_iteration.py` whose count carries over: `count = 0` is
straight-line code of the iteration too, but it comes after `count += 1` and the test, only once the window is full,
so the count moves across iterations (no word of the test says accumulation: the counts decide). The clear at the top
of every iteration throws the window's backwards away (RULES.md ZG105, reported at the clear).
"""
# expect: ZG105 14:9
import torch


def train(model, loader, window=4, lr=0.1):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    count = 0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / window
        loss.backward()
        count += 1
        if count < window:
            continue
        optimizer.step()
        count = 0
