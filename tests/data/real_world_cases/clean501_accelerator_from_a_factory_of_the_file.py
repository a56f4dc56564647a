# expect: clean
"""An Accelerator built by a factory of the script (`build_accelerator(args)` returning
`Accelerator(gradient_accumulation_steps=...)`), and a loop that counts its micro-batches itself: the loss is not
divided because `accelerator.backward` divides it by the configured steps. The factory's call is what it returns."""

import torch
from accelerate import Accelerator


def build_accelerator(args):
    return Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps, mixed_precision=args.mixed_precision)


def main(args, model, loader):
    accelerator = build_accelerator(args)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        accelerator.backward(loss)
        if (step + 1) % args.gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
