"""The backpropagated loss, multiplied in place by the batch size, then added to a tensor total kept after the loop.

Modelled on pytorch_geometric's examples/rdl.py (`loss *= pred.size(0)`,
`loss_accum += loss`, `loss_accum.item()` after the loop): `loss *= n` is
in place, so `loss` is still the graph's output and every iteration's graph
stays alive (RULES.md ZG602, at the accumulating statement).
"""
# expect: ZG602 22:9
import torch


def train(model, loader, optimizer, loss_fn):
    total = torch.zeros(())
    seen = 0
    for x, y in loader:
        optimizer.zero_grad()
        pred = model(x).view(-1)
        loss = loss_fn(pred, y)
        loss.backward()
        optimizer.step()
        loss *= pred.numel()
        total += loss
        seen += pred.numel()
    return total.item() / seen
