"""The twin of clean501_micro_batch_spliced_into_cached_features.py: the features are cached but never read again,
each micro-batch's contrastive loss is of its own features only: a mean per micro-batch, summed undivided into the
step (RULES.md ZG501, at the backward).
"""
# expect: ZG501 18:13
import torch


def train_one_epoch(model, loader, optimizer, contrastive_loss, accum_freq):
    for images in loader:
        chunks = images.chunk(accum_freq)
        with torch.no_grad():
            cached = [model(chunk) for chunk in chunks]
        optimizer.zero_grad()
        for j in range(accum_freq):
            features = model(chunks[j])
            total_loss = contrastive_loss(features)
            total_loss.backward()
        optimizer.step()
