"""Scaled loss stored in a variable, then backward, then a direct optimizer step.

Seen in huggingface/accelerate benchmarks/fp8/ms_amp/non_distributed.py:
`scaler = get_grad_scaler()`, then per batch `loss = scaler.scale(loss)`,
`loss.backward()`, `optimizer.step()`. The backward is a scaled backward, and
the step bypasses the scaler (RULES.md ZG402). Up to 97ffad4 the linter reported the sibling
benchmark (ddp.py) that writes `scaler.scale(loss).backward()` in one
expression, but not this two-statement form (fixed in 4ab1308).
"""
# expect: ZG402 22:5
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")

for batch in [torch.randn(8, 4)] * 4:
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        loss = model(batch).pow(2).mean()
    loss = scaler.scale(loss)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
