"""Micro-batches accumulated by an inner loop before one step, each mean loss divided by their count.

The twin of `zg501_mean_reduction_in_the_micro_batch_loop.py` as picotron's data-parallel step writes it:
`F.cross_entropy(..., reduction='mean') / grad_acc_steps`, so the step applies the mean over the micro-batches
(RULES.md ZG501). Nothing is reported.
"""
# expect: clean
import torch
import torch.nn.functional as F


def train(model, batches, steps, grad_acc_steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        logged = 0.0
        for _ in range(grad_acc_steps):
            batch = next(batches)
            logits = model(batch["input_ids"])
            loss = F.cross_entropy(logits.flatten(0, 1), batch["target_ids"].flatten(), reduction="mean") / grad_acc_steps
            loss.backward()
            logged += loss.item()
        optimizer.step()
        print(f"loss {logged:.4f}")
