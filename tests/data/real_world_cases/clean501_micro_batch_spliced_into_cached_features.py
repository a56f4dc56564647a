"""GradCache's accumulation: each micro-batch's loss is the whole batch's, no division due.

Modelled on mlfoundations/open_clip (src/open_clip_train/legacy_train.py, `accum_freq`): the features of every
micro-batch are cached without grad, then each micro-batch is forwarded again and put back among the others' cached
features (`torch.cat(cached[:j] + [out] + cached[j + 1:])`). The contrastive loss of the whole batch is computed
each time, its gradient reaching that micro-batch only: the micro-batches' gradients sum to the batch's gradient.
"""
# expect: clean
import torch


def train_one_epoch(model, loader, optimizer, contrastive_loss, accum_freq):
    for images in loader:
        chunks = images.chunk(accum_freq)
        with torch.no_grad():
            cached = [model(chunk) for chunk in chunks]
        optimizer.zero_grad()
        for j in range(accum_freq):
            features = model(chunks[j])
            total_loss = contrastive_loss(torch.cat(cached[:j] + [features] + cached[j + 1:]))
            total_loss.backward()
        optimizer.step()
