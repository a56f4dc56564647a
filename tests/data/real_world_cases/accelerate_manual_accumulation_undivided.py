"""Manual accumulation with `accelerator.backward` on an Accelerator that does not accumulate.

Seen in huggingface/accelerate examples/by_feature/fsdp_with_peak_mem_tracking.py:
the Accelerator is built, in both branches of `if args.with_tracking:`,
without `gradient_accumulation_steps` (so `accelerator.backward` divides by 1),
there is no `accelerator.accumulate`,
and the loop steps under `if step % gradient_accumulation_steps == 0:` after
`accelerator.backward(loss)` with an undivided `loss = outputs.loss`.
RULES.md ZG501 applies (the exemption is for `accelerator.accumulate`).
c45dce4 reported this; a158562 ("accelerator.backward normalises") silenced
it; 4ab1308 reports the single-constructor form again but not this one,
where the Accelerator is built in an if/else.
"""
# expect: ZG501 31:5
import torch
from accelerate import Accelerator

with_tracking = False
if with_tracking:
    accelerator = Accelerator(mixed_precision="no", log_with="wandb")
else:
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
