"""A DeepSpeed engine's run, then another function's run with its own optimizer and scheduler.

Modelled on huggingface/accelerate benchmarks/fp8/{ms_amp,transformer_engine}/distrib_deepspeed.py
(ZG204 x2): the script's loop calls `run_engine()`, whose scheduler steps after
the engine's `engine.step()` (which steps the optimizer it wraps), then
`run_plain()`, which builds a new model, optimizer and scheduler from the same
factory and steps the optimizer before its scheduler. Reported as if the first
function's scheduler ran before the second function's `optimizer.step()`: the
name `optimizer` is bound anew there (a value that does not read it), so that
step is another optimizer's and says nothing of the first scheduler's
(RULES.md ZG204: not reported when the scheduler's relation to the stepped
optimizer is not visible).
"""
# expect: clean
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
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    batches = [torch.randn(8, 4) for _ in range(3)]
    for stage in [1, 2]:
        run_engine(batches)
        run_plain(batches)
