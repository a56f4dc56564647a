# expect: clean
"""The batch's preparation (efficientvit's clscore/trainer/utils): one-hot labels smoothed, images mixed."""

import torch


def label_smooth(target, n_classes, smooth_factor=0.1):
    soft_target = torch.zeros((target.shape[0], n_classes), device=target.device)
    soft_target.scatter_(1, target.unsqueeze(1), 1)
    return soft_target * (1 - smooth_factor) + smooth_factor / n_classes


def mixup(images, target, lam):
    index = torch.randperm(images.shape[0])
    return lam * images + (1 - lam) * images[index], lam * target + (1 - lam) * target[index]
