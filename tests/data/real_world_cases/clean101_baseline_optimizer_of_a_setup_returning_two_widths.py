"""The twin of `zg101_baseline_optimizer_of_a_setup_returning_two_widths.py` whose baseline optimizer is cleared every
iteration: each step applies that iteration's gradients."""
# expect: clean
import torch
import torch.nn.functional as F
from accelerate import Accelerator
from torch.optim import AdamW


def get_training_setup(accelerator, model, dataloader, with_optimizers=False):
    ddp_model = torch.nn.Linear(4, 1)
    if with_optimizers:
        opt = AdamW(params=model.parameters(), lr=1e-3)
        ddp_opt = AdamW(params=ddp_model.parameters(), lr=1e-3)
        ddp_model, ddp_opt, dataloader = accelerator.prepare(ddp_model, ddp_opt, dataloader)
        return model, opt, dataloader, ddp_model, ddp_opt
    ddp_model, dataloader = accelerator.prepare(ddp_model, dataloader)
    return model, ddp_model, dataloader


def step_model(model, batch, accelerator, do_backward=True):
    loss = F.mse_loss(model(batch), torch.zeros(len(batch), 1))
    if not do_backward:
        loss /= accelerator.gradient_accumulation_steps
        loss.backward()
    else:
        accelerator.backward(loss)


def test_accumulation_against_a_baseline(model, dataloader):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    model, opt, dataloader, ddp_model, ddp_opt = get_training_setup(accelerator, model, dataloader, True)
    for iteration, batch in enumerate(dataloader):
        step_model(model, batch, accelerator, False)
        opt.step()
        with accelerator.accumulate(ddp_model):
            step_model(ddp_model, batch, accelerator)
            ddp_opt.step()
        opt.zero_grad()
        ddp_opt.zero_grad()
