"""A runner accumulates micro-batches and, when one fails with an error it accepts, drops the gradients and goes on.

Modelled on s3prl's runners (round 11): the clear sits in the `except RuntimeError as error:` handler, after
`if not acceptable: raise` (problem/base.py) or under `if "out of memory" in str(error):` (downstream/runner.py). A
handler runs only in an iteration whose `try` body raised, so its clear is no clear of every iteration (RULES.md
ZG105: "a clear runs every iteration before the backward"): it drops a failed micro-batch's partial gradients.
"""
# expect: clean
import torch

ACCEPTABLE_ERRORS = ("CUDA out of memory", "cuDNN error")


def train(model, loader, optimizer, accumulation):
    backward_steps = 0
    for batch in loader:
        try:
            loss = model(batch).mean() / accumulation
            loss.backward()
        except RuntimeError as error:
            acceptable = any(known in str(error) for known in ACCEPTABLE_ERRORS)
            if not acceptable:
                raise
            torch.cuda.empty_cache()
            optimizer.zero_grad()
            continue
        backward_steps += 1
        if backward_steps % accumulation > 0:
            continue
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
