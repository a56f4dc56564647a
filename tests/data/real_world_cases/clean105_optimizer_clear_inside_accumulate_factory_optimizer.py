"""The fixed twin of `zg105_model_clear_inside_accumulate_factory_optimizer.py` (alpaca_farm's 19fb391): the same loop
clears through the prepared optimizer the factory built, whose `zero_grad()` Accelerate defers with its `step()`.
"""
# expect: clean
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
                prepared_optimizer.zero_grad(set_to_none=True)
