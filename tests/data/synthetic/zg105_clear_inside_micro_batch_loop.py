"""Accumulation by an inner loop over micro-batches, but the clear sits inside that loop: only the last micro-batch steps."""
# expect: ZG105 12:13
import torch


def train(model, loader, n_micro):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    scaler = torch.amp.GradScaler("cuda")
    for batch in loader:
        inputs, targets = batch
        for x, y in zip(inputs.chunk(n_micro), targets.chunk(n_micro)):
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(model(x), y) / n_micro
            scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
