"""Inside `accelerator.accumulate(model)`, the clear comes before the step.

On accumulation steps Accelerate skips both the prepared optimizer's
`zero_grad` and its `step`, so the micro-batches add up; on the sync step both
run, and the clear wipes everything accumulated right before the step uses it
(RULES.md ZG102: "even inside `accelerator.accumulate()` the clear discards
everything on the sync step"). Shape of no_trainer scripts where
`optimizer.zero_grad()` was moved up by hand.
"""
# expect: ZG102 27:13
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=4)
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
lr_scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
loader = torch.utils.data.DataLoader(torch.randn(64, 8), batch_size=8)
model, optimizer, loader, lr_scheduler = accelerator.prepare(model, optimizer, loader, lr_scheduler)

for epoch in range(3):
    model.train()
    for step, batch in enumerate(loader):
        with accelerator.accumulate(model):
            loss = model(batch).pow(2).mean()
            accelerator.backward(loss)
            optimizer.zero_grad()
            optimizer.step()
            lr_scheduler.step()
