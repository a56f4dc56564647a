"""DeepSpeed engine: engine.backward and engine.step clear for you.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import deepspeed


def train(args, model, loader):
    model_engine, optimizer, _, _ = deepspeed.initialize(
        args=args, model=model, model_parameters=model.parameters()
    )
    for step, batch in enumerate(loader):
        loss = model_engine(batch)
        model_engine.backward(loss)
        model_engine.step()
