"""Progressive resizing: each stage builds the loader of its own resolution and a fresh AdamW.

The data is picked by the iteration (`make_loader(resolution=sizes[stage])`): each stage is a new
training run, and a fresh optimizer per stage its choice (RULES.md ZG601): nothing to report.
"""
# expect: clean
import torch
from tqdm import tqdm


def train_stages(model, make_loader, sizes, epochs_per_stage):
    for stage in range(len(sizes)):
        loader = make_loader(resolution=sizes[stage], batch_size=128 // (stage + 1))
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        for epoch in range(epochs_per_stage):
            for images, labels in tqdm(loader, desc=f"stage {stage} epoch {epoch}"):
                optimizer.zero_grad()
                torch.nn.functional.cross_entropy(model(images), labels).backward()
                optimizer.step()
