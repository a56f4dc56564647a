# expect: ZG302 32:46
"""EfficientZero's shape across modules (core/train.py and core/log.py, run by main.py): the update clears, then
backpropagates under `if args.amp_type == "none":` or `elif args.amp_type == "torch_amp":`, and steps; under
`--debug` the loop logs every parameter's gradient. main.py declares `--amp_type` required with exactly those two
choices, so a backward always runs before the log and no `.grad` is None there (RULES.md ZG301: not reported; the
unguarded read is ZG302's, opt-in). The option's values are known in the module that declares it
(real_world_cases/zg302_grad_logged_after_backward_arms_covering_the_argparse_choices.py), not here: this module's
loop is analysed with the modules it imports, and main.py imports it, not the other way."""

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
