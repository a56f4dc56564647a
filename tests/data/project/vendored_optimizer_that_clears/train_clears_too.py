# expect: ZG103 15:13
"""The vendored LAMB whose `step` clears each gradient it applies, and a loop that clears at its top as well: after
the first iteration the gradients are already clear there (RULES.md ZG103, a clear at the top and one at the bottom of
the iteration: the top one is reported)."""

import torch

from timm.optim import Lamb


def main(model, loader, epochs):
    optimizer = Lamb(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
