"""Prepared optimizer cleared right after the `accelerator.accumulate` block.

Seen in huggingface/accelerate src/accelerate/test_utils/scripts/test_sync.py
(test_gradient_accumulation_with_opt_and_scheduler): the step is inside
`with accelerator.accumulate(ddp_model):`, and `ddp_opt.zero_grad()` follows
the block every iteration. `ddp_opt` comes from `accelerator.prepare`, and an
AcceleratedOptimizer's `zero_grad` does nothing while `sync_gradients` is
False, so accumulation is handled by Accelerate (RULES.md vocabulary) and the
clear does not defeat it (no ZG105; DESIGN.md's ZG105 bug is `model.zero_grad()`,
the unwrapped clear).
"""
# expect: clean
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=2)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
loader = torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=8)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for batch in loader:
    with accelerator.accumulate(model):
        loss = model(batch).pow(2).mean()
        accelerator.backward(loss)
        optimizer.step()
    optimizer.zero_grad()
