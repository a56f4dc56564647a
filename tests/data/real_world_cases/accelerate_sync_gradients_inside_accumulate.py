"""`if accelerator.sync_gradients:` step inside `with accelerator.accumulate(model):`.

Seen in huggingface/accelerate tests/deepspeed/test_deepspeed_gradient_accumulation.py:
inside the accumulate context the loop calls `accelerator.backward(loss)`
with an undivided loss and steps/clears under `if accelerator.sync_gradients:`.
`accelerator.backward` divides by the accumulation steps itself; RULES.md
ZG501: "Not reported under `accelerator.accumulate`".
"""
# expect: clean
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=4)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
loader = torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=8)
model, optimizer, loader = accelerator.prepare(model, optimizer, loader)

for batch in loader:
    with accelerator.accumulate(model):
        loss = model(batch).sum()
        accelerator.backward(loss)
        if accelerator.sync_gradients:
            optimizer.step()
            optimizer.zero_grad()
