"""The buggy twin of clean204_engine_run_then_another_function_with_its_own_optimizer.py.

The same script, but the second function steps its own scheduler before its
own optimizer's step in each iteration: the first value of that schedule is
skipped (RULES.md ZG204), whatever the engine run before it did. A scheduler
whose optimizer is wrapped under the same name (`optimizer =
wrap(optimizer)`, a value that reads it) is still that optimizer's.
"""
# expect: ZG204 34:9
# expect: ZG204 42:9
import deepspeed
import torch


def build(steps):
    net = torch.nn.Linear(4, 2)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    return net, opt, torch.optim.lr_scheduler.LinearLR(opt, total_iters=steps)


def run_engine(data):
    model, optimizer, scheduler = build(len(data))
    engine, optimizer, _, _ = deepspeed.initialize(model=model, optimizer=optimizer, config_params={})
    for batch in data:
        engine.backward(engine(batch).square().mean())
        engine.step()
        scheduler.step()


def run_plain(data):
    model, optimizer, scheduler = build(len(data))
    for batch in data:
        model(batch).square().mean().backward()
        scheduler.step()
        optimizer.step()
        optimizer.zero_grad()


def run_wrapped(data, wrap):
    model, optimizer, scheduler = build(len(data))
    for epoch in range(2):
        scheduler.step()
        optimizer = wrap(optimizer)
        for batch in data:
            model(batch).square().mean().backward()
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    batches = [torch.randn(8, 4) for _ in range(3)]
    for stage in [1, 2]:
        run_engine(batches)
        run_plain(batches)
