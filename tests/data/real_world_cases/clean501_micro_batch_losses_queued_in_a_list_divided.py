"""The twin of `zg501_micro_batch_losses_queued_in_a_list_then_popped.py`: each micro-batch's loss is divided by the
number of micro-batches as it is appended to the list of the function's own that the backward loop pops it from, so
every loss popped is divided (RULES.md ZG501: nothing to report). A queue handed in or filled elsewhere stays
unknown (`clean501_losses_popped_from_a_queue_for_backward.py`).
"""
# expect: clean
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
            losses.append(loss / grad_acc_steps)
        for _ in range(len(losses)):
            loss = losses.pop(0)
            loss.backward()
        optimizer.step()
        print(f"loss {logged:.4f}")
