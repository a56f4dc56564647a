"""A step guarded by an early exit nested in a test of the accumulation count.

Modelled on equiformer's oc20 `BaseTrainerV2._backward`: without accumulation the
loop clears before each backward; with it, `if n != 1: if i % n != 0: continue`
skips the step until the window's last micro-batch, and the clear after the step
runs under the same tests. The nested exit is `if n != 1 and i % n != 0:
continue`: the step is under the counter test wherever gradients of earlier
iterations reach it (RULES.md ZG101). The twin that never clears after the
window's step is `zg101_no_clear_after_the_window_nested_exit.py`.
"""
# expect: clean
import torch


def train(model, loader, n):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for i, (x, y) in enumerate(loader, 1):
        if n == 1:
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / n
        loss.backward()
        if n != 1:
            if i % n != 0:
                continue
        optimizer.step()
        if n != 1:
            if i % n == 0:
                optimizer.zero_grad()
