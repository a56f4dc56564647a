"""Clear after the step at the end of every iteration (gradients start as None).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, get_batch, max_iters):
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    for it in range(max_iters):
        xb, yb = get_batch("train")
        logits, loss = model(xb, yb)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
