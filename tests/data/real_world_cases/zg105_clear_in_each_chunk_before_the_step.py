"""The twin of clean105_out_of_memory_retry_clears_each_attempt.py: the same retry loop, but the clear moved into the
chunk loop, before each chunk's backward: of the chunks summed for the step only the last reaches it (RULES.md ZG105,
an inner loop over micro-batches; the retry around it does not make the chunk loop one).
"""
# expect: ZG105 25:21

import torch


def is_oom_exception(err: RuntimeError) -> bool:
    return "CUDA out of memory" in str(err)


def train_with_auto_virtual_batch(optimizer, loss_fn, step, batch, chunk_size):
    batch_size = len(batch)
    while chunk_size != 0:
        try:
            if batch_size <= chunk_size:
                optimizer.zero_grad()
                loss = loss_fn(*step(batch))
                loss.backward()
            else:
                loss = None
                for chunk in batch.split(chunk_size):
                    optimizer.zero_grad()
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
