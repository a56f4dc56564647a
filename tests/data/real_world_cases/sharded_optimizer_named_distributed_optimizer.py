"""Optimizers whose class names end in `DistributedOptimizer` but step local gradients, cleared after the step.

Modelled on huggingface/nanotron tests/test_zero.py (`ZeroDistributedOptimizer`,
hand-off roles/zero_sharded_optimizer_named_distributed_optimizer.py) and
Horovod's `hvd.DistributedOptimizer`: their `step()` applies the parameters'
own `.grad` and clears nothing, so the clear after it is the usual
end-of-iteration clear (RULES.md ZG103 needs gradients already clear on every
path). Only torch's `DistributedOptimizer`, stepped with the dist_autograd
context it applies (`dist_optim.step(context_id)`), starts the next context
empty: a clear of the local gradients after it is no second clear of that.
"""
# expect: clean
import horovod.torch as hvd
import torch
from nanotron.optim.zero import ZeroDistributedOptimizer


def train_zero(model, batches):
    optimizer = ZeroDistributedOptimizer(
        named_params_or_groups=model.named_parameters(),
        optimizer_builder=lambda groups: torch.optim.AdamW(groups),
    )
    for batch in batches:
        model(batch).sum().backward()
        optimizer.step()
        optimizer.zero_grad()


def train_horovod(model, batches):
    optimizer = hvd.DistributedOptimizer(torch.optim.SGD(model.parameters(), lr=0.1))
    for batch in batches:
        model(batch).sum().backward()
        optimizer.step()
        optimizer.zero_grad()
