"""`.grad` of an input tensor (saliency), not of a parameter collection.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def saliency(model, images):
    images = images.clone().requires_grad_(True)
    model.eval()
    for img in images.split(1):
        model.zero_grad()
        score = model(img).max()
        score.backward()
    return images.grad.abs().amax(dim=1)
