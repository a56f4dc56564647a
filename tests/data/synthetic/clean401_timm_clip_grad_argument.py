"""timm's NativeScaler with accumulation, the clipping handed to the scaler: it unscales, then clips, then steps."""
# expect: clean
import torch
from timm.utils import NativeScaler


def train(model, loader, criterion, accum_steps=4):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler()
    for i, (images, targets) in enumerate(loader):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(images), targets) / accum_steps
        if (i + 1) % accum_steps != 0:
            loss_scaler(loss, optimizer, need_update=False)
            continue
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters())
        optimizer.zero_grad()
