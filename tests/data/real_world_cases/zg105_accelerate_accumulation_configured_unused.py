"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected ZG105 20:9, got clean (on main); passes on: precision-roles f58db55.

Accelerator(gradient_accumulation_steps=4) but the loop never enters accumulate(): every micro-batch steps and clears.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 20:9
import torch
from accelerate import Accelerator


def main(model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        loss = model(**batch).loss
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
