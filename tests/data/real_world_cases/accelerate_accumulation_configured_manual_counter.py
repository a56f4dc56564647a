"""`gradient_accumulation_steps` configured, no `accumulate()`, and a hand-written counter guard.

Older no_trainer scripts step under
`if step % args.gradient_accumulation_steps == 0 or step == len(loader) - 1:`
and pass `loss` undivided to `accelerator.backward`, which divides by the
configured number: accumulation done by hand, normalised by Accelerate.
Nothing clears or steps per micro-batch, so there is no ZG105, and
`accelerator.backward` normalises (no ZG501).
"""
# expect: clean
import torch
from accelerate import Accelerator

accumulation_steps = 4
accelerator = Accelerator(gradient_accumulation_steps=accumulation_steps)
model = torch.nn.Linear(16, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5)
loader = torch.utils.data.DataLoader(torch.randn(256, 16), batch_size=4)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for step, batch in enumerate(loader):
    loss = model(batch).pow(2).mean()
    accelerator.backward(loss)
    if step % accumulation_steps == 0 or step == len(loader) - 1:
        optimizer.step()
        optimizer.zero_grad()
