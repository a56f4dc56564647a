# expect: ZG204 17:13
"""The vendored linear warmup is transformers' own (a LambdaLR): stepped before the optimizer in each iteration, its
first value is skipped."""

import torch

from transformers import get_linear_schedule_with_warmup


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = get_linear_schedule_with_warmup(optimizer, 100, 1000)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), targets).backward()
            scheduler.step()
            optimizer.step()
