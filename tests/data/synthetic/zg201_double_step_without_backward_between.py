"""A training step that calls `optimizer.step()` twice after one backward (a merge left both calls).

The second step re-applies the gradients the first already applied (RULES.md ZG201, at the second
step; its message says what happened, not "before the next backward").
"""
# expect: ZG201 20:5
import torch


def train_step(model, batch, optimizer, max_norm=1.0):
    inputs, targets = batch
    optimizer.zero_grad(set_to_none=True)
    logits = model(inputs)
    loss = torch.nn.functional.cross_entropy(logits, targets)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    optimizer.step()
    with torch.no_grad():
        accuracy = (logits.argmax(1) == targets).float().mean()
    optimizer.step()
    return loss.item(), accuracy.item()
