"""Manual accumulation with `accelerator.backward` on an Accelerator that does not accumulate.

Seen in huggingface/accelerate examples/by_feature/fsdp_with_peak_mem_tracking.py:
the Accelerator is built without `gradient_accumulation_steps` (so
`accelerator.backward` divides by 1), there is no `accelerator.accumulate`,
and the loop steps under `if step % gradient_accumulation_steps == 0:` after
`accelerator.backward(loss)` with an undivided `loss = outputs.loss`.
RULES.md ZG501 applies (the exemption is for `accelerator.accumulate`).
An earlier engine reported this; since "accelerator.backward normalises" it
is silent.
"""
# expect: ZG501 25:5
import torch
from accelerate import Accelerator

accelerator = Accelerator()
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
loader = torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=8)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
gradient_accumulation_steps = 4

for step, batch in enumerate(loader):
    loss = model(batch).pow(2).mean()
    accelerator.backward(loss)
    if step % gradient_accumulation_steps == 0:
        optimizer.step()
        optimizer.zero_grad()
