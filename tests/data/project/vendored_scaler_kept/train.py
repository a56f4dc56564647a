# expect: ZG101 16:9
"""The twin of vendored_scaler_that_clears/: the copy kept as timm has it, so its summary holds and the loop, which
never clears, sums the gradients of every batch."""

import torch

from timm.utils import NativeScaler


def main(model, loader, args):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_scaler = NativeScaler()
    for images, targets in loader:
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(images), targets)
        loss_scaler(loss, optimizer, clip_grad=args.clip_grad, parameters=model.parameters())
