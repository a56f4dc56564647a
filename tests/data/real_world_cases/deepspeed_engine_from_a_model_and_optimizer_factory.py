"""A DeepSpeed engine handed back by a factory whose name says optimizer, with the model.

The shape of a library's DeepSpeed training main: `model, optimizer =
setup_model_and_optimizer(args, model)` returns the engine and the optimizer
of `deepspeed.initialize`, `train` hands the engine to `train_step`, which
calls `model.backward(loss)` and `model.step()` on every micro-batch until the
engine's accumulation boundary. The engine divides the loss and clears for
itself (RULES.md, self-managed steps; ZG501 not reported for DeepSpeed's
backward). The factory's name says optimizer, but the targets' names say
which of the two is one: `model` is no optimizer by that name alone.
"""
# expect: clean
import deepspeed


def training_main(args, model_cls):
    model = model_cls(args)
    model, optimizer = setup_model_and_optimizer(args, model)
    for iteration in range(args.train_iters):
        train_step(model, args)


def setup_model_and_optimizer(args, model):
    if args.train_data is not None:
        model, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), args=args)
    else:
        optimizer = None
    return model, optimizer


def train_step(model, args):
    while True:
        loss = model(args.batch)
        model.backward(loss)
        if model.is_gradient_accumulation_boundary():
            model.step()
            break
        model.step()
    return loss
