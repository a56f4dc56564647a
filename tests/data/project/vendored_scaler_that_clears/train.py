# expect: clean
"""The loop never clears: the vendored scaler's call does, after each update (timm's own would not)."""

import torch

from timm.utils import NativeScaler


def main(model, loader, args):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler()
    for images, targets in loader:
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(images), targets)
        loss_scaler(loss, optimizer, clip_grad=args.clip_grad, parameters=model.parameters())
