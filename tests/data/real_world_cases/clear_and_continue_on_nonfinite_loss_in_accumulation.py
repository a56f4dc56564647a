"""Accumulation with a bail-out: a non-finite micro-batch loss clears and skips the iteration.

Seen in pytorch/rl sota-implementations/grpo/grpo-async.py: each iteration
computes `loss_val = loss.mean() / cfg.train.gradient_accumulation_steps`;
`if not _tensor_is_finite(loss_val): optimizer.zero_grad(set_to_none=True);
continue`; otherwise the backward, and under `if (step + 1) %
gradient_accumulation_steps == 0:` clipping, the step and a clear. The early
clear runs only on a bad loss (it drops the window on purpose), not "every
iteration before the backward" (RULES.md ZG105).
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
accumulation_steps = 4
loader = [torch.randn(8, 4) for _ in range(32)]

for step, batch in enumerate(loader):
    loss_val = model(batch).pow(2).mean() / accumulation_steps
    if not torch.isfinite(loss_val):
        optimizer.zero_grad(set_to_none=True)
        continue
    loss_val.backward()
    if (step + 1) % accumulation_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
