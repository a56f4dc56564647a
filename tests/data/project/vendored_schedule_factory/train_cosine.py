# expect: clean
"""The twin: the vendored cosine warmup was changed to a schedule of the project's own (no torch LR scheduler), so the
same order skips nothing (RULES.md ZG204: a project's own schedule class that does not derive from torch's)."""

import torch

from transformers import get_cosine_schedule_with_warmup


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = get_cosine_schedule_with_warmup(optimizer, 100, 1000)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), targets).backward()
            scheduler.step()
            optimizer.step()
