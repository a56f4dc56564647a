# expect: ZG302 37:46
"""A model-based RL learner (the shape of EfficientZero's core/train.py and core/log.py): the update
clears, runs the forward, then backpropagates in one of two arms, `if args.amp_type == "none":` a plain backward,
`elif args.amp_type == "torch_amp":` a scaled one, then clips and steps; the loop then logs every parameter's
gradient. `--amp_type` is required and restricted by argparse to exactly those two values (`choices=["torch_amp",
"none"]`), so one of the arms always runs and every `.grad` holds this update's gradient when it is logged: no read
of a None (RULES.md ZG301: not reported; the unguarded read is ZG302's, opt-in). The analysis knows the values an
option with literal choices can hold (`ModuleIndex.option_choices`), so the if/elif's fall-through is no path.
The twin, zg301_grad_logged_after_backward_arms_of_an_option_that_may_be_absent.py: the option is not required and
has no default, so it may be None and neither arm runs."""

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
    parser.add_argument("--amp_type", required=True, choices=["torch_amp", "none"])
    parser.add_argument("--debug", action="store_true")
    train(nn.Linear(4, 2), [torch.randn(3, 4) for _ in range(10)], None, parser.parse_args())
