"""The twin: the same loader each epoch, wrapped in a progress bar whose text names the epoch.

The bar's description is text, not data: every epoch trains on the same data with a fresh AdamW
(RULES.md ZG601, at the construction).
"""
# expect: ZG601 14:21
import torch
from tqdm import tqdm


def train(model, loader, epochs):
    for epoch in range(epochs):
        progress = tqdm(loader, desc=f"epoch {epoch}", leave=False)
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        for images, labels in progress:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(images), labels).backward()
            optimizer.step()
