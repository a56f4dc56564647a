"""A training step that retries a batch in smaller chunks after running out of memory: each attempt clears the
optimizer first, so what a failed attempt's chunks left is thrown away on purpose, and a pass whose `try` completes
leaves the retry loop for the one step. The retry loop is no loop over micro-batches (RULES.md ZG105 and its
"Accumulation guard"): only the chunks of the successful pass reach the step, as meant.

Modelled on Yura52/tabular-dl-revisiting-models lib/deep.py `train_with_auto_virtual_batch`, called once per batch
by bin/autoint.py's and bin/ft_transformer.py's epoch loops.
"""
# expect: clean

import torch


def is_oom_exception(err: RuntimeError) -> bool:
    return "CUDA out of memory" in str(err)


def train_with_auto_virtual_batch(optimizer, loss_fn, step, batch, chunk_size):
    batch_size = len(batch)
    while chunk_size != 0:
        try:
            optimizer.zero_grad()
            if batch_size <= chunk_size:
                loss = loss_fn(*step(batch))
                loss.backward()
            else:
                loss = None
                for chunk in batch.split(chunk_size):
                    chunk_loss = loss_fn(*step(chunk)) * (len(chunk) / batch_size)
                    chunk_loss.backward()
                    loss = chunk_loss.detach() if loss is None else loss + chunk_loss.detach()
        except RuntimeError as err:
            if not is_oom_exception(err):
                raise
            chunk_size //= 2
        else:
            break
    if not chunk_size:
        raise RuntimeError("Not enough memory even for batch_size=1")
    optimizer.step()
    return loss, chunk_size


def train(model, loader, epochs, chunk_size):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    loss_fn = torch.nn.functional.mse_loss
    for epoch in range(epochs):
        for batch in loader:
            loss, chunk_size = train_with_auto_virtual_batch(
                optimizer, loss_fn, lambda x: (model(x), x), batch, chunk_size
            )
