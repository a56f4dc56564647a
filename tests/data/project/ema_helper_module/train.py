# expect: ZG101 17:13
"""The loop steps the optimizer and the EMA of utils/ema.py, but never clears: the optimizer (not the EMA, whose
`step` is no optimizer's) steps with the gradients of every earlier iteration."""

import torch

from utils.ema import ModelEMA


def train(model, loader, criterion, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.05)
    ema = ModelEMA(model, decay=0.999)
    for epoch in range(epochs):
        for images, labels in loader:
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
            ema.step(model)
