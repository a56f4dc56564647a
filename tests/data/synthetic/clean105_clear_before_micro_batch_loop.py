"""Accumulation by an inner loop over micro-batches, cleared once per step before that loop (the twin of
zg105_clear_inside_micro_batch_loop.py); and per-head gradients kept by hand before a clear (PCGrad)."""
# expect: clean
import torch


def train(model, loader, n_micro):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    scaler = torch.amp.GradScaler("cuda")
    for batch in loader:
        inputs, targets = batch
        optimizer.zero_grad(set_to_none=True)
        for x, y in zip(inputs.chunk(n_micro), targets.chunk(n_micro)):
            loss = torch.nn.functional.cross_entropy(model(x), y) / n_micro
            scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def train_heads(model, loader, heads):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in loader:
        per_head = []
        for head in range(heads):
            optimizer.zero_grad()
            model(x)[:, head].mean().backward()
            per_head.append([torch.zeros_like(p) if p.grad is None else p.grad.clone() for p in model.parameters()])
        for p, *grads in zip(model.parameters(), *per_head):
            p.grad = torch.stack(grads).mean(0)
        optimizer.step()
