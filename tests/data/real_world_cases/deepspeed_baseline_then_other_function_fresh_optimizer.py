"""A backward in one function, then another function's loop that clears only at the end of its iteration.

Seen in huggingface/accelerate benchmarks/fp8/{ms_amp,torchao,transformer_engine}/distrib_deepspeed.py
(ZG101 x3): `train_baseline()` trains a DeepSpeed engine (`model.backward(loss)`,
`model.step()`), then `train_integration()` builds a fresh model and optimizer
of its own and runs `backward`, `step`, `zero_grad()` per batch; the script
calls one after the other. The backward "before the loop" that ZG101 names is
in the other function, on another model: it never reaches this optimizer.
"""
# expect: clean
import deepspeed
import torch


def build():
    model = torch.nn.Linear(4, 2)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-4)


def train_baseline(loader):
    model, optimizer = build()
    engine, optimizer, _, _ = deepspeed.initialize(model=model, optimizer=optimizer, config_params={})
    for batch in loader:
        loss = engine(batch).pow(2).mean()
        engine.backward(loss)
        engine.step()


def train_other(loader):
    model, optimizer = build()
    for batch in loader:
        loss = model(batch).pow(2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    data = [torch.randn(8, 4) for _ in range(4)]
    for stage in [1, 2, 3]:
        train_baseline(data)
        train_other(data)
