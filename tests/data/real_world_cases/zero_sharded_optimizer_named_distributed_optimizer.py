"""A ZeRO-sharding optimizer whose class name ends in `DistributedOptimizer`, stepped then cleared.

Seen in huggingface/nanotron tests/test_zero.py: `optimizer =
ZeroDistributedOptimizer(named_params_or_groups=model.named_parameters(), ...)`,
then per batch `loss.sum().backward()`, `optimizer.step()`,
`optimizer.zero_grad()`. Reported ZG103 ("`optimizer.step()` cleared them"):
the engine takes any class named `...DistributedOptimizer` for
`torch.distributed.optim.DistributedOptimizer`, whose step applies one
dist_autograd context (the next context starts empty). This one is an ordinary
optimizer over local `.grad`s: its step clears nothing, and the clear after it
is the usual end-of-iteration clear (RULES.md ZG103 needs gradients already
clear on every path).
"""
# expect: clean
import torch
from nanotron.optim.zero import ZeroDistributedOptimizer


def test_zero(model, reference_model, batches):
    optimizer = ZeroDistributedOptimizer(
        named_params_or_groups=model.named_parameters(),
        optimizer_builder=lambda groups: torch.optim.AdamW(groups),
    )
    reference_optimizer = torch.optim.AdamW(reference_model.parameters())
    for batch in batches:
        loss = model(batch)
        ref_loss = reference_model(batch)
        loss.sum().backward()
        ref_loss.sum().backward()
        optimizer.step()
        optimizer.zero_grad()
        reference_optimizer.step()
        reference_optimizer.zero_grad()
