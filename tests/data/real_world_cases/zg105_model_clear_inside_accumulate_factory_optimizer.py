"""`policy.zero_grad()` inside `accelerator.accumulate(policy)`, the optimizer made by a factory of the file.

tatsu-lab/alpaca_farm's RL trainer before 19fb391 (written here): the optimizer is `create_optimizer(args,
model=policy)`, a factory that builds AdamW over two weight-decay groups of the model's `named_parameters()` unless it
is handed one (left at its default `None` here), and is put through `accelerator.prepare`. Accelerate defers the
prepared optimizer's `step()` and `zero_grad()` to the window's last micro-batch, not the policy's own `zero_grad()`:
each real step sees the last micro-batch alone (RULES.md ZG105). The factory is read for what it returns, its
parameters bound to the call's arguments. The twin `clean105_optimizer_clear_inside_accumulate_factory_optimizer.py`
clears through the prepared optimizer.
"""
# expect: ZG105 38:17
import torch
from accelerate import Accelerator


def create_optimizer(args, model, optimizer=None):
    if optimizer is None:
        decay = [p for n, p in model.named_parameters() if "bias" not in n and p.requires_grad]
        no_decay = [p for n, p in model.named_parameters() if "bias" in n and p.requires_grad]
        groups = [
            {"params": decay, "weight_decay": args.weight_decay},
            {"params": no_decay, "weight_decay": 0.0},
        ]
        optimizer = torch.optim.AdamW(groups, lr=args.learning_rate)
    return optimizer


def train(args, policy, rollouts_loader):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    optimizer = create_optimizer(args, model=policy)
    prepared_optimizer = accelerator.prepare(optimizer)
    for epoch in range(args.noptepochs):
        for batch in rollouts_loader:
            with accelerator.accumulate(policy):
                loss = -(policy(batch["queries"]) * batch["advantages"]).mean()
                accelerator.backward(loss)
                prepared_optimizer.step()
                policy.zero_grad(set_to_none=True)
