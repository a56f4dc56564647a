"""The optimizer factory handed `optimizer=None` by its caller: read through its branch.

The factory of alpaca_farm's trainer_utils (written here) returns the optimizer it is handed, else builds AdamW over
the model's parameters; the caller hands it `None`, so the returned optimizer is the one built over `policy`, whose
own `zero_grad()` inside `accelerator.accumulate(policy)` Accelerate does not defer (RULES.md ZG105). The twin
`clean105_model_clear_inside_accumulate_factory_handed_unknown.py` hands the factory an optimizer of its caller's.
"""
# expect: ZG105 28:13
import torch
from accelerate import Accelerator


def create_optimizer(model, lr, optimizer=None):
    if optimizer is None:
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return optimizer


def train(policy, rollouts_loader, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = create_optimizer(policy, 1e-6, optimizer=None)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    for batch in rollouts_loader:
        with accelerator.accumulate(policy):
            loss = -(policy(batch["queries"]) * batch["advantages"]).mean()
            accelerator.backward(loss)
            optimizer.step()
            policy.zero_grad(set_to_none=True)
