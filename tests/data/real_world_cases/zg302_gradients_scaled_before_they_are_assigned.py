# expect: ZG302 16:9
# expect: ZG302 29:13
"""The twin of `clean302_gradients_assigned_or_filled_before_they_are_read.py`: the loop scales each parameter's
`.grad` in place before it assigns it, and the method fills missing gradients of another model than the one whose
gradients it then adds into (RULES.md ZG302: an unguarded dereference over a parameter collection)."""
import torch
import torch.nn.functional as F


def masked_update(network, optimizer, gradients, tau):
    optimizer.zero_grad()
    for param, grads in zip(network.parameters(), gradients):
        mask = (torch.stack(grads).sign().mean(dim=0).abs() >= tau).float()
        if mask.sum() == 0:
            continue
        param.grad *= 1.0 / (1e-10 + mask.mean())
        param.grad = mask * torch.stack(grads).mean(dim=0)
    optimizer.step()


def meta_update(network, inner_net, optimizer, x, y):
    optimizer.zero_grad()
    for p in inner_net.parameters():
        if p.grad is None:
            p.grad = torch.zeros_like(p)
    F.cross_entropy(inner_net(x), y).backward()
    for p_tgt, p_src in zip(network.parameters(), inner_net.parameters()):
        if p_src.grad is not None:
            p_tgt.grad.data.add_(p_src.grad.data)
    optimizer.step()
