"""The optimizer of a model-and-optimizer factory stepped with no clear.

The twin of deepspeed_engine_from_a_model_and_optimizer_factory.py: the
factory comes from outside the tree, so only its name and the targets' names
tell: `optimizer` is the optimizer, stepped every iteration after a backward
with nothing clearing the gradients of the earlier ones (RULES.md ZG101).
"""
# expect: ZG101 17:9
from trainlib import setup_model_and_optimizer


def train(args, loader):
    model, optimizer = setup_model_and_optimizer(args)
    for batch in loader:
        loss = model(batch).mean()
        loss.backward()
        optimizer.step()
