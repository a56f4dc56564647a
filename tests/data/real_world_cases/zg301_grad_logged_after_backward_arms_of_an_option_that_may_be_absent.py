# expect: ZG301 32:46
"""The twin of zg302_grad_logged_after_backward_arms_covering_the_argparse_choices.py (EfficientZero's shape): the
update clears, then backpropagates under `if args.amp_type == "none":` or `elif args.amp_type == "torch_amp":`, and
the loop logs every parameter's gradient. Here `--amp_type` is neither required nor given a default: run without it,
`args.amp_type` is None, neither arm runs, and the log reads the None the clear left (RULES.md ZG301)."""

import argparse

import torch
from torch import nn


def update_weights(model, batch, optimizer, scaler, args):
    optimizer.zero_grad()
    loss = model(batch).pow(2).mean()
    if args.amp_type == "none":
        loss.backward()
    elif args.amp_type == "torch_amp":
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    if args.amp_type == "torch_amp":
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()
    return loss.item()


def log_gradients(model, writer, step):
    for name, w in model.named_parameters():
        writer.add_histogram(name + "_grad", w.grad.data.cpu().numpy(), step)


def train(model, batches, writer, args):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scaler = torch.cuda.amp.GradScaler()
    for step, batch in enumerate(batches):
        update_weights(model, batch, optimizer, scaler, args)
        if args.debug:
            log_gradients(model, writer, step)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--amp_type", choices=["torch_amp", "none"])
    parser.add_argument("--debug", action="store_true")
    train(nn.Linear(4, 2), [torch.randn(3, 4) for _ in range(10)], None, parser.parse_args())
