"""A pipeline schedule in picotron's shape (all forwards, then all backwards): each micro-batch's loss, a mean over its
own tokens only, is appended to a list of the function's own and popped back out for its backward; one step after the
micro-batches. The list is bound only to `[]` and only appended to, popped from and counted, so what `pop(0)` hands
back is one of the losses appended: none divided by the number of micro-batches (RULES.md ZG501). The twin dividing
each loss before it is queued is `clean501_micro_batch_losses_queued_in_a_list_divided.py`.
"""
# expect: ZG501 25:13
import torch
import torch.nn.functional as F


def train(model, batches, steps, grad_acc_steps):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        logged = 0.0
        losses = []
        for _ in range(grad_acc_steps):
            batch = next(batches)
            loss = F.cross_entropy(model(batch["input_ids"]).flatten(0, 1), batch["target_ids"].flatten())
            logged += loss.item() / grad_acc_steps
            losses.append(loss)
        for _ in range(len(losses)):
            loss = losses.pop(0)
            loss.backward()
        optimizer.step()
        print(f"loss {logged:.4f}")
