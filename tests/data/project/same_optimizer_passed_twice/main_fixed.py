# expect: clean
"""The fixed script (ESRGAN 0b0c7d4): each optimizer handed where it belongs; nothing to report here or in
engine.py for this call."""

import torch
from torch import nn, optim

from engine import train_epoch


def build_models():
    g_model = nn.Sequential(nn.Conv2d(3, 64, 3, padding=1), nn.PixelShuffle(2), nn.Conv2d(16, 3, 3, padding=1))
    d_model = nn.Sequential(nn.Conv2d(3, 64, 3, stride=2), nn.Flatten(), nn.LazyLinear(1))
    return g_model, d_model


def define_optimizer(g_model: nn.Module, d_model: nn.Module, lr: float):
    g_optimizer = optim.Adam(g_model.parameters(), lr=lr)
    d_optimizer = optim.Adam(d_model.parameters(), lr=lr)
    return g_optimizer, d_optimizer


def main(loader, epochs: int):
    g_model, d_model = build_models()
    scaler = torch.amp.GradScaler()
    criterion = nn.L1Loss()
    g_optimizer, d_optimizer = define_optimizer(g_model, d_model, 1e-4)
    for _ in range(epochs):
        train_epoch(g_model, d_model, loader, g_optimizer, d_optimizer, scaler, criterion)
