"""Micro-batches accumulated by an inner loop before one step, each loss a mean written with `reduction="mean"`.

Modelled on picotron's pipeline schedule (a `grad_acc_steps` loop of micro-batches, each loss a cross-entropy with
`reduction='mean'`, the step after the loop): `reduction="mean"` averages over one micro-batch's tokens, not over the
micro-batches, so the step applies the sum of `grad_acc_steps` means (RULES.md ZG501; only a summing reduction is a
sum on purpose). The twin dividing each loss by the count is
`clean501_mean_reduction_divided_in_the_micro_batch_loop.py`.
"""
# expect: ZG501 23:13
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
            loss = F.cross_entropy(logits.flatten(0, 1), batch["target_ids"].flatten(), reduction="mean")
            loss.backward()
            logged += loss.item() / grad_acc_steps
        optimizer.step()
        print(f"loss {logged:.4f}")
