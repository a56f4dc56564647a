# expect: clean
"""The language-model loss, divided by the number of micro-batches the caller accumulates (1 when it hands none)."""

import torch


def lm_loss(model, batch, accum_steps=1):
    logits = model(batch["input_ids"])
    loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), batch["labels"].flatten())
    return loss / accum_steps
