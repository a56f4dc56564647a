"""timm's NativeScaler with accumulation: the loop clips the accumulated gradients itself before the
scaler call that steps, but the micro-batches' backwards were scaled and nothing has unscaled them."""
# expect: ZG401 17:9
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
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        loss_scaler(loss, optimizer)
        optimizer.zero_grad()
