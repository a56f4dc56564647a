"""A runner accumulates micro-batches and, when one runs out of CUDA memory, drops the gradients and goes on.

Modelled on s3prl's runners (round 11): the clear sits in the `except RuntimeError as error:` handler, under
`if "out of memory" in str(error)`. The handler binds `error` anew each time it runs, so that test is no test of
every iteration: the clear runs on a failed micro-batch only (RULES.md ZG105: "a clear runs every iteration").
"""
# expect: clean
import torch


def train(model, loader, optimizer, accumulation):
    backward_steps = 0
    for batch in loader:
        try:
            loss = model(batch).mean() / accumulation
            loss.backward()
        except RuntimeError as error:
            if "out of memory" in str(error):
                torch.cuda.empty_cache()
                optimizer.zero_grad()
                continue
            raise
        backward_steps += 1
        if backward_steps % accumulation > 0:
            continue
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
