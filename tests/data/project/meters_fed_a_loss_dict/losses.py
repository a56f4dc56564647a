# expect: clean
"""A contrastive loss returning its terms in a dict (SLIP's losses.py shape): the loss to backpropagate and a metric."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ContrastiveLoss(nn.Module):
    def forward(self, image_embed, text_embed, logit_scale):
        logits = logit_scale * image_embed @ text_embed.t()
        labels = torch.arange(logits.shape[0], device=logits.device)
        loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
        accuracy = (logits.argmax(dim=-1) == labels).float().mean() * 100
        return {"loss": loss, "accuracy": accuracy}
