"""An unprepared optimizer stepped every iteration, cleared every second one, beside an `accelerator.accumulate` block.

Seen in huggingface/accelerate src/accelerate/test_utils/scripts/test_sync.py
(`test_gradient_accumulation_with_opt_and_scheduler`): the ground-truth model's
plain `opt` (never given to `accelerator.prepare`) steps every iteration after a
plain `loss.backward()`, while its clear runs only `if did_step:`; the prepared
copy trains under `with accelerator.accumulate(ddp_model):`. RULES.md ZG101: on
the iterations where `did_step` is false, the next `opt.step()` applies the
earlier backward's gradients again. The accumulate block covers `ddp_model` and
the prepared `ddp_opt` only, not `opt`. Reported on 4be1f30; silent since the
block is in the same loop (without it the report is there).
"""
# expect: ZG101 44:9
from copy import deepcopy

import torch
import torch.nn.functional as F
from accelerate import Accelerator


def step_model(model, x, y, accelerator, do_backward=True):
    loss = F.mse_loss(model(x), y)
    if not do_backward:
        loss /= accelerator.gradient_accumulation_steps
        loss.backward()
    else:
        accelerator.backward(loss)


def get_training_setup(accelerator):
    model = torch.nn.Linear(4, 1)
    ddp_model = deepcopy(model)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    ddp_opt = torch.optim.AdamW(ddp_model.parameters(), lr=1e-3)
    ddp_model, ddp_opt = accelerator.prepare(ddp_model, ddp_opt)
    return model, opt, ddp_model, ddp_opt


def test_accumulation(loader):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    model, opt, ddp_model, ddp_opt = get_training_setup(accelerator)
    for iteration, (x, y) in enumerate(loader):
        step_model(model, x, y, accelerator, False)
        opt.step()
        with accelerator.accumulate(ddp_model):
            step_model(ddp_model, x, y, accelerator)
            ddp_opt.step()
        did_step = ((iteration + 1) % 2) == 0
        if did_step:
            opt.zero_grad()
        ddp_opt.zero_grad()
