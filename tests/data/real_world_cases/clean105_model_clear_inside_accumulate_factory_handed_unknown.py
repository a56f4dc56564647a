"""The optimizer factory handed its caller's own optimizer, built outside the file: which parameters it steps is not
known, so the policy's clear inside `accelerator.accumulate(policy)` may not reach it: silent (RULES.md: unknown
never makes a report). The factory hands back what it is handed; only an optimizer it builds, where it is handed
`None` (`zg105_model_clear_inside_accumulate_factory_handed_none.py`), is known to be the policy's.
"""
# expect: clean
import torch
from accelerate import Accelerator


def create_optimizer(model, lr, optimizer=None):
    if optimizer is None:
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    return optimizer


def train(policy, optimizer, rollouts_loader, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = create_optimizer(policy, 1e-6, optimizer=optimizer)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    for batch in rollouts_loader:
        with accelerator.accumulate(policy):
            loss = -(policy(batch["queries"]) * batch["advantages"]).mean()
            accelerator.backward(loss)
            optimizer.step()
            policy.zero_grad(set_to_none=True)
