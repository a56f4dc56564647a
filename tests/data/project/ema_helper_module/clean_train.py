# expect: clean
"""The twin: cleared after the step; the EMA updated after both."""

import torch

from utils.ema import ModelEMA


def train(model, loader, criterion, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.05)
    model_ema = ModelEMA(model)
    for epoch in range(epochs):
        for images, labels in loader:
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            model_ema.update(model)
