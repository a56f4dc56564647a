# expect: ZG104 19:9
"""A synthesizer's loop in Real-Time-Voice-Cloning's shape: the forward runs through utils/parallel.py's helper on
several GPUs, else directly; either way the clear comes after it and before the backward (ZG104, opt-in)."""

import torch
import torch.nn.functional as F

from utils.parallel import data_parallel_workaround


def train(model, optimizer, loader, device):
    for texts, mels in loader:
        if device.type == "cuda" and torch.cuda.device_count() > 1:
            mels_hat = data_parallel_workaround(model, texts)
        else:
            mels_hat = model(texts)
        loss = F.mse_loss(mels_hat, mels) + F.l1_loss(mels_hat, mels)

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
