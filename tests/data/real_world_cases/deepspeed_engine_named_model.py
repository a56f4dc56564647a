"""A DeepSpeed engine called `model`, returned by `setup_model_and_optimizer()`.

Seen in EleutherAI/gpt-neox megatron/training.py: `pretrain()` does `model,
optimizer, lr_scheduler = setup_model_and_optimizer(args)` (a function of the
same file returning what `deepspeed.initialize(...)` gave); for each of
`gradient_accumulation_steps` micro-steps, `train_step` calls
`backward_step(optimizer=optimizer, model=model, loss=loss)`, whose body does
`model.backward(loss)` under `if args.deepspeed:`, then `model.step()` under
the same test. The engine clears its own gradients and counts the micro-steps
itself (RULES.md "Self-managed": `engine.backward(loss); engine.step()`).
Values unpacked from a same-file function take the roles of what it returns:
the first is the engine, not an optimizer because the function's name says
optimizer; `if args.deepspeed:` is no accumulation guard.
"""
# expect: clean
import deepspeed


def setup_model_and_optimizer(args, net):
    optimizer = deepspeed.ops.adam.FusedAdam(net.parameters(), lr=args.lr)
    model, optimizer, _, lr_scheduler = deepspeed.initialize(model=net, optimizer=optimizer, args=args)
    return model, optimizer, lr_scheduler


def backward_step(args, optimizer, model, loss):
    if args.deepspeed:
        model.backward(loss)
    else:
        raise ValueError("needs deepspeed")


def train_step(args, data_iterator, model, optimizer):
    for _ in range(args.gradient_accumulation_steps):
        loss = model(next(data_iterator)).mean()
        backward_step(args, optimizer=optimizer, model=model, loss=loss)
        if args.deepspeed:
            model.step()
        else:
            raise ValueError("needs deepspeed")


def pretrain(args, net, data_iterator):
    model, optimizer, lr_scheduler = setup_model_and_optimizer(args, net)
    for _ in range(args.train_iters):
        train_step(args, data_iterator, model, optimizer)
