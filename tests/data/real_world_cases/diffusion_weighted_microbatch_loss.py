"""Micro-batch accumulation of an importance-weighted mean loss, never divided by the count.

Seen in openai/improved-diffusion improved_diffusion/train_util.py
(forward_backward): the batch is split into micro-batches, each computes
`loss = (losses["loss"] * weights).mean()` and calls `loss.backward()`, and
one step follows the inner loop. The gradient is the sum over micro-batches
(RULES.md ZG501: an inner loop over micro-batches is accumulation, and the
loss is not divided by their number). Multiplying per-sample losses by
importance weights inside a mean is not a loss "summed on purpose"; the
linter (up to 97ffad4) reported the unweighted form but took any
multiplication as deliberate (fixed in 4ab1308).
"""
# expect: ZG501 24:9
import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

for batch, weights in [(torch.randn(8, 4), torch.ones(8))] * 4:
    opt.zero_grad()
    for i in range(0, 8, 2):
        losses = model(batch[i : i + 2]).pow(2).squeeze(1)
        loss = (losses * weights[i : i + 2]).mean()
        loss.backward()
    opt.step()
