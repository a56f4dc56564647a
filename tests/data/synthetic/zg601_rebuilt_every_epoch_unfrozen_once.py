"""The backbone is unfrozen once, at `epoch == unfreeze_epoch`, but the optimizer is rebuilt every epoch.

A change under a test that holds once is no fresh run for the other epochs: every epoch still
starts from an empty AdamW state (RULES.md ZG601, at the construction).
"""
# expect: ZG601 17:21
import torch


def finetune(model, loader, epochs, unfreeze_epoch):
    for p in model.backbone.parameters():
        p.requires_grad = False
    for epoch in range(epochs):
        if epoch == unfreeze_epoch:
            for p in model.backbone.parameters():
                p.requires_grad = True
        optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
