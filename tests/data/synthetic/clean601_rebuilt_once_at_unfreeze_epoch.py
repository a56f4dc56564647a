"""The optimizer is rebuilt once, when the backbone is unfrozen at `epoch == warmup_epochs`.

A rebuild under a test that holds once is not every iteration (RULES.md ZG601): nothing to report.
"""
# expect: clean
import torch


def finetune(model, loader, epochs, warmup_epochs):
    model.backbone.requires_grad_(False)
    optimizer = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    for epoch in range(epochs):
        if epoch == warmup_epochs:
            model.backbone.requires_grad_(True)
            optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
