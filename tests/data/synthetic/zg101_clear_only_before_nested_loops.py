"""The only clear sits before the epoch loop; the batch loop steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 16:13
import torch


def train(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    for epoch in range(epochs):
        for batch in loader:
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()
    return model
