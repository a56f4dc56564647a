"""Two training functions, each with a fresh model and optimizer from the same factory, run one after the other.

Seen in huggingface/accelerate benchmarks/fp8/*/distrib_deepspeed.py (with a
DeepSpeed engine in the first function; reduced here to plain PyTorch): both
functions call `model, optimizer = get_training_utilities(...)`, so `optimizer`
names a different object in each. The second function's loop clears at the end
of every iteration (RULES.md ZG101: not reported). Reported as if the first
function's backward reached the second function's optimizer; without the
first function the same loop is clean.
"""
# expect: clean
import torch


def build():
    model = torch.nn.Linear(4, 2)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-4)


def train_baseline(loader):
    model, optimizer = build()
    for batch in loader:
        optimizer.zero_grad()
        loss = model(batch).pow(2).mean()
        loss.backward()
        optimizer.step()


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
