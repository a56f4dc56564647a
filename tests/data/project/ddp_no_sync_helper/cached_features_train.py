# expect: clean
"""The twin in GradCache's shape (mlfoundations/open_clip legacy_train.py): the features of the whole batch cached
without grad, then each micro-batch's forward put back among the others' cached features, so each micro-batch's
loss is the whole batch's contrastive loss whose gradient reaches that micro-batch only; their sum is the batch's
gradient: no division due (`losses.splices_into_cached_outputs`)."""

import torch

from utils.distributed import backward_micro_batch


def train(args, model, loader, contrastive_loss):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    for images, texts in loader:
        image_chunks, text_chunks = images.chunk(args.accum_freq), texts.chunk(args.accum_freq)
        with torch.no_grad():
            cached = [model(i, t) for i, t in zip(image_chunks, text_chunks)]
        optimizer.zero_grad()
        for j in range(args.accum_freq):
            features = model(image_chunks[j], text_chunks[j])
            batch_features = torch.cat(cached[:j] + [features] + cached[j + 1:])
            total_loss = contrastive_loss(batch_features)
            backward_micro_batch(model, total_loss, j == args.accum_freq - 1)
        optimizer.step()
