"""The twin of zg101_factory_built_optimizer_handed_for_both_phases.py: each optimizer handed where it belongs. Clean."""
# expect: clean
import torch
from torch import nn, optim


def train_epoch(g_model, d_model, loader, g_optimizer, d_optimizer, scaler, criterion):
    for lr_images, hr_images in loader:
        g_model.zero_grad(set_to_none=True)
        for p in d_model.parameters():
            p.requires_grad = False
        with torch.autocast("cuda"):
            sr = g_model(lr_images)
            g_loss = criterion(sr, hr_images) + d_model(sr).mean()
        scaler.scale(g_loss).backward()
        scaler.step(g_optimizer)
        scaler.update()

        for p in d_model.parameters():
            p.requires_grad = True
        d_model.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            d_loss = d_model(sr.detach()).mean() - d_model(hr_images).mean()
        scaler.scale(d_loss).backward()
        scaler.step(d_optimizer)
        scaler.update()


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
